"""rota: shift rotas, billing periods and reports for a company with sites in five zones."""
