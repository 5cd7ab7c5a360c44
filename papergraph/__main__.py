from papergraph.cli import main

if __name__ == "__main__":  # not when a spawned extraction process imports this module
    main()
