from bench.scale.cli import main

raise SystemExit(main())
