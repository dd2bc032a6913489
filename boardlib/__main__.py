from boardlib.cli import main

raise SystemExit(main())
