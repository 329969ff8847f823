"""snooker: table specification, physics set-up, outcome of a shot and referee."""
