"""The event-driven physics engine: game-agnostic, the only hot code (docs/physics.md)."""
