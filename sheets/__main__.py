from sheets.cli import main

main()
