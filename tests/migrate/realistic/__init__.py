"""A realistic multi-module sample (``rota``) and the differential runner that measures the
codemod on it (issue 34). See README.md."""
