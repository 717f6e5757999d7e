"""SQLModel table definitions: the on-disk schema of the store.

Columns suffixed ``_json`` hold JSON text. They are parsed by the repository row by row, so
one corrupted value is reported for that row instead of failing a whole query. Discord ids
are 64-bit integers (``BigInteger``); times are float seconds since the epoch, which is also
what Discord's ``<t:...>`` timestamps take.

Changing anything here changes the schema: add an Alembic revision under
``bot/store/alembic/versions`` (``tests/store/test_migrations.py`` checks that the revisions
build exactly these models on both backends).
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Computed, Float, Index, Text, text
from sqlmodel import Field, SQLModel

WIN_RATE_PRIOR_WINS = 3
"""Wins every player starts with in the win-rate estimate (see ``PlayerTotals.win_score``)."""
WIN_RATE_PRIOR_HANDS = 10
"""Hands every player starts with in the win-rate estimate (see ``PlayerTotals.win_score``)."""


_WIN_SCORE_SQL = (
    f"(hands_won + {WIN_RATE_PRIOR_WINS}.0) / (hands_played + {WIN_RATE_PRIOR_HANDS}.0)"
)


class GuildSettings(SQLModel, table=True):
    """Per-server settings; a guild without a row uses the defaults declared here."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    default_preset: str = "standard"
    default_options_json: str = Field(default="{}", sa_type=Text)
    stake: int = 1
    turn_timeout: int | None = 120
    allowed_channel_ids_json: str = Field(default="[]", sa_type=Text)
    locale: str = ""
    """The language of the server's public messages (``/tonk config language``); empty
    follows the server's Discord locale."""
    updated_at: float
    turn_reminders: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    """Whether a member the table waits for is reminded with a mention (``/tonk config set``);
    where revision 0003 added it."""
    announce_role_id: int | None = Field(default=None, sa_type=BigInteger)
    """The role mentioned when a table opens (``/tonk config announce``); None: no role.
    Where revision 0006 added it."""
    threads: bool = Field(default=False, sa_column_kwargs={"server_default": text("false")})
    """Whether ``/tonk new`` opens a table in a new thread unless told otherwise (``/tonk
    config set threads``). Where revision 0010 added it."""
    computer_hands: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    """Whether a hand with a computer player at the table counts on the scoreboard (``/tonk
    config set computer_hands``). Where revision 0011 added it."""
    seats: int = Field(default=4, sa_column_kwargs={"server_default": text("4")})
    """How many players a new table seats unless ``/tonk new`` says (``/tonk config set
    seats``). Where revision 0012 added it."""
    season_every: str | None = None
    """How often the server's seasons start by themselves (a ``SeasonEvery``); None: only
    when a manager starts one. This and the next three: where revision 0015 added them."""
    season_channel_id: int | None = Field(default=None, sa_type=BigInteger)
    """Where a season that starts by itself is announced."""
    season_next_at: float | None = None
    """When the next season starts by itself (Unix time)."""
    season_time_zone: str | None = None
    """The time zone of its midnight (an IANA name)."""
    champion_role_id: int | None = Field(default=None, sa_type=BigInteger)
    """The role the winner of each season that ends gets (``/tonk config champion``); None:
    no role. Where revision 0015 added it, and the next."""
    champion_ids_json: str = Field(
        default="[]", sa_type=Text, sa_column_kwargs={"server_default": text("'[]'")}
    )
    """The members the bot gave that role, who lose it when the next season ends."""
    season_notice_at: float | None = None
    """When the channel is told that the current season ends, a day before the next starts
    (Unix time); None: told already, or not to be told. Where revision 0016 added it."""
    season_day: int | None = None
    """The weekday (0 Monday) or day of the month seasons start on; None: Monday, or the
    1st. This and the next: where revision 0017 added them."""
    season_hour: int | None = None
    """The hour of the day seasons start at; None: 0 (midnight)."""
    season_notices: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    """Whether the channel is told a day before each start that the season ends. Where
    revision 0018 added it."""


class TableRow(SQLModel, table=True):
    """One Tonk table. At most one table per channel is not closed (partial unique index).

    ``state_json`` is the table's snapshot at ``version``; the changes committed since are
    its ``table_log`` rows, versions ``version + 1`` onwards. The other columns are as of the
    snapshot (the status says closed or not: a closed table has no log rows). The version
    after the last row is checked on every commit (optimistic concurrency).
    Ids are never reused (``AUTOINCREMENT``), so hand uids built from them stay unique.
    """

    __tablename__ = "tonk_table"
    __table_args__ = (
        Index(
            "uq_tonk_table_open_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("status != 'closed'"),
            postgresql_where=text("status != 'closed'"),
        ),
        Index("ix_tonk_table_guild", "guild_id"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)
    host_id: int = Field(sa_type=BigInteger)
    status: str = "lobby"
    rules_json: str = Field(sa_type=Text)
    state_json: str = Field(sa_type=Text)
    seats_json: str = Field(default="[]", sa_type=Text)
    balances_json: str = Field(default="{}", sa_type=Text)
    table_message_id: int | None = Field(default=None, sa_type=BigInteger)
    version: int = 0
    turn_deadline: float | None = None
    close_reason: str | None = None
    created_at: float
    updated_at: float


class TableLogRow(SQLModel, table=True):
    """One committed change of an open table since its snapshot (``tonk_table.state_json``).

    ``version`` is the store version the change committed as: the rows of a table follow its
    snapshot's version without a gap. ``body_json`` is the change as the table journal wrote
    it (``bot.tables.journal``): the store only keeps the rows in order. A snapshot rewrite
    (compaction) replaces the table's rows up to its version: PostgreSQL deletes them in the
    same statement; SQLite's writer deletes them once it is idle, and no read sees them
    meanwhile (``bot.store.sql.tables``). On SQLite the rows are kept in the order they were
    written (row ids; the key is an index): the rows of one commit of many tables' moves
    fill a few pages, not one page of each table (revision 0023).
    """

    __tablename__ = "table_log"

    table_id: int = Field(
        primary_key=True, foreign_key="tonk_table.id", sa_column_kwargs={"autoincrement": False}
    )
    version: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    body_json: str = Field(sa_type=Text)


class HandRow(SQLModel, table=True):
    """One finished hand. ``hand_uid`` is unique, so recording a hand twice is impossible."""

    __tablename__ = "hand"
    __table_args__ = (
        Index("ix_hand_guild_channel", "guild_id", "channel_id"),
        Index("ix_hand_guild_finished", "guild_id", "finished_at"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, primary_key=True)
    hand_uid: str = Field(unique=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)
    table_id: int = Field(foreign_key="tonk_table.id")
    hand_number: int
    preset: str
    options_json: str = Field(sa_type=Text)
    seed: str
    action_log_json: str = Field(sa_type=Text)
    ending: str
    winners_json: str = Field(sa_type=Text)
    finished_at: float
    deal_json: str | None = Field(default=None, sa_type=Text)
    """What deals the hand again (``HandDeal.to_json()``), for its replay; NULL for a hand
    recorded before deals were kept. Last, where revision 0005 added it."""


class HandPlayerRow(SQLModel, table=True):
    """One seat of one finished hand. ``user_id`` is NULL once the member was forgotten.

    It points at its hand by integer id: the index (guild_id, user_id, hand_id) then yields a
    player's hands newest first without a sort.
    """

    __tablename__ = "hand_player"
    __table_args__ = (Index("ix_hand_player_guild_user", "guild_id", "user_id", "hand_id"),)

    hand_id: int = Field(primary_key=True, foreign_key="hand.id")
    seat: int = Field(primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    name: str
    is_bot: bool = False
    payout: int
    count: int
    is_winner: bool
    how: str
    caught: bool = False
    pushed_up: int | None = None
    """The points a push-up hand pushed the seat up by (O42); NULL for a hand paid in chips,
    and for push-up hands recorded before revision 0009."""
    ranked: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    """Whether the hand counts on the scoreboard: false for a hand with a computer player
    at the table in a server that keeps those off it (``GuildSettings.computer_hands``,
    as it was when the hand was recorded). Where revision 0011 added it."""
    won_match: bool = Field(default=False, sa_column_kwargs={"server_default": text("false")})
    """Whether this hand ended a push-up match (H10) and this seat won it, with the lowest
    total. Last, where revision 0020 added it; revision 0022 found the matches that the hands
    recorded before it ended, where their points were known."""


class PlayerTotals(SQLModel, table=True):
    """Running totals of one member in one guild, updated in the same transaction as the hand.

    ``win_score`` is a generated column: the Bayesian estimate
    ``(hands_won + 3) / (hands_played + 10)``, i.e. every player starts with ten imaginary
    hands won at 30 % (about one table in three for three to four seats). A lucky 1-for-1
    scores 0.36 and a 10-for-10 run 0.65, below a steady 70-for-100 (0.66).

    Each ``ix_player_totals_by_*`` index lists a guild's players in one leaderboard order, so
    a page is read straight off the index with no sort, however many hands were played.
    """

    __tablename__ = "player_totals"
    __table_args__ = (
        Index(
            "ix_player_totals_by_chips",
            "guild_id",
            text("net_chips DESC"),
            text("hands_won DESC"),
            "user_id",
        ),
        Index(
            "ix_player_totals_by_wins",
            "guild_id",
            text("hands_won DESC"),
            text("net_chips DESC"),
            "user_id",
        ),
        Index(
            "ix_player_totals_by_win_score",
            "guild_id",
            text("win_score DESC"),
            text("hands_played DESC"),
            "user_id",
        ),
        Index(
            "ix_player_totals_by_tonks",
            "guild_id",
            text("tonk_outs DESC"),
            text("hands_won DESC"),
            "user_id",
        ),
        Index(
            "ix_player_totals_by_matches",
            "guild_id",
            text("matches_won DESC"),
            text("hands_won DESC"),
            "user_id",
        ),
    )

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    user_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    display_name: str
    net_chips: int = 0
    hands_played: int = 0
    hands_won: int = 0
    tonk_outs: int = 0
    drops_won: int = 0
    times_caught: int = 0
    instant_wins: int = 0
    current_streak: int = 0
    best_streak: int = 0
    win_score: float | None = Field(
        default=None,
        sa_column=Column(
            Float,
            Computed(_WIN_SCORE_SQL),
        ),
    )
    matches_won: int = Field(default=0, sa_column_kwargs={"server_default": text("0")})
    """Push-up matches won (``hand_player.won_match``). Last, where revision 0020 added it
    (revision 0022 counted those ended before it)."""


class MemberSettingsRow(SQLModel, table=True):
    """What a member chose for themselves in one server (``/tonk me set``, read as
    ``bot.members.MemberSettings``). A member without a row has the defaults. Revision 0019
    made it of revision 0002's ``member_language``."""

    __tablename__ = "member_settings"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    user_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    language: str | None = None
    """The catalogue they read; NULL: their Discord app's."""
    updated_at: float
    dms: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    reminders: bool = Field(default=True, sa_column_kwargs={"server_default": text("true")})
    hand_order: str = Field(default="suit", sa_column_kwargs={"server_default": text("'suit'")})


class SeasonRow(SQLModel, table=True):
    """A season a server started (``/tonk config season``): its number, from 1, and when
    it started. Its hands are those finished from then until the next season's start.
    Revision 0014 added the table; revision 0013 had kept only the current season."""

    __tablename__ = "season"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    number: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    started_at: float
    winners_json: str = Field(
        default="[]", sa_type=Text, sa_column_kwargs={"server_default": text("'[]'")}
    )
    """Who won the season (the most chips in it), recorded when the next one started; empty
    for the current season, or one nobody ended ahead. Where revision 0015 added it."""


class WelcomedGuild(SQLModel, table=True):
    """A server the bot welcomed, and when the bot joined it that time (Discord's
    ``joined_at``): a server that adds the bot again later, while it runs or not, is welcomed
    again. Revision 0021 added the table."""

    __tablename__ = "welcomed_guild"

    guild_id: int = Field(
        primary_key=True, sa_type=BigInteger, sa_column_kwargs={"autoincrement": False}
    )
    joined_at: float


class WelcomeSince(SQLModel, table=True):
    """One row: when the bot began to keep its welcomes (revision 0021 ran). A server it
    joined before then is not welcomed at a start: it was there before the bot knew. A
    database copy carries the source's (``bot.store.copy``)."""

    __tablename__ = "welcome_since"

    since: float = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})


METADATA = SQLModel.metadata
"""Every table above: what the Alembic revisions must build (``tests/store/test_migrations.py``)."""
