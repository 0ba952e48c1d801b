"""One module per command of `sheets` (imported only when that command runs)."""
