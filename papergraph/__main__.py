from papergraph.cli import main

main()
