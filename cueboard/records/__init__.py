"""Record formats: positions, strikes, outcomes, rulings and match records (docs/records.md)."""

from cueboard.records.base import (
    RECORD_VERSION,
    Piece,
    PieceState,
    Position,
    Record,
    RecordError,
    dump_record,
    parse_record,
)
from cueboard.records.match import (
    Incident,
    MatchHeader,
    MatchRecord,
    PlayerInfo,
    ShotEntry,
    append_incident,
    append_shot,
    loads_match,
    read_match,
    write_match,
)
from cueboard.records.registry import GameRecordTypes, record_types, register_game_records

__all__ = [
    "RECORD_VERSION",
    "GameRecordTypes",
    "Incident",
    "MatchHeader",
    "MatchRecord",
    "Piece",
    "PieceState",
    "PlayerInfo",
    "Position",
    "Record",
    "RecordError",
    "ShotEntry",
    "append_incident",
    "append_shot",
    "dump_record",
    "loads_match",
    "parse_record",
    "read_match",
    "record_types",
    "register_game_records",
    "write_match",
]
