// The SQL gate's judge (indexer/src/api/sql-judge.ts) on its own: the shapes of query the app sends pass, each shape
// that lets a short query do unbounded work is refused with a sentence naming it. (The gate in front of a real Ponder,
// on PGlite and PostgreSQL, from a phone's network namespace: sql-gate.test.ts.)
import { expect } from "chai";
import { judgeSql as judge, MAX_SQL_LENGTH, type ParseSql } from "../../indexer/src/api/sql-judge";

// pg-query-emscripten is an ES module: imported as such from this CommonJS test.
const importModule = new Function("name", "return import(name)") as (
  name: string,
) => Promise<{ default: () => Promise<{ parse: ParseSql }> }>;
/** A fresh parser per query (its WebAssembly heap is never freed: indexer/src/api/sql-gate.ts). */
const parser = async () => (await (await importModule("pg-query-emscripten")).default()).parse;
const judgeSql = async (sql: string) => judge(sql, await parser()).refused;

/** The app's reads, in the shapes drizzle (@ponder/client) and the console's plain SQL give them. */
const APP_QUERIES = [
  'select "id", "creator", "state" from "hex_game" where ("hex_game"."state" = $1 and "hex_game"."creator" ilike $2) order by "hex_game"."id" desc limit $3 offset $4',
  'select count(*) from "hex_game" where "hex_game"."id" in (select "player_name"."player" from "player_name" where "player_name"."name" ilike $1)',
  'select count(*), max("snatch_log"."block") from "snatch_log" where "snatch_log"."room_id" = $1',
  'select * from "snatch_room" where ($1 = ANY("snatch_room"."players") and "snatch_room"."state" <> $2)',
  'select "name", "args", "block", "log_index" from "snatch_log" where ("snatch_log"."room_id" = $1 and "snatch_log"."block" > $2 and "snatch_log"."block" <= $3) order by "snatch_log"."block" asc, "snatch_log"."log_index" asc',
  `SELECT r.id, r.pair, s.seat, s.player FROM snatch_room r JOIN snatch_seat s ON s.room_id = r.id
     WHERE r.tournament_id = $1 AND r.tournament_phase = $2 ORDER BY r.pair, s.seat`,
  `SELECT l.actor AS player FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
     WHERE r.tournament_id = $1 AND l.actor IS NOT NULL AND l.name IN ('OfferMade', 'OfferAccepted') GROUP BY l.actor
   UNION
   SELECT s.player FROM snatch_log l JOIN snatch_room r ON r.id = l.room_id
     JOIN snatch_seat s ON s.room_id = l.room_id AND s.role = 0
   WHERE r.tournament_id = $2 AND l.name = 'NoOffer' AND (CAST(l.args AS text) LIKE '%"reason":0%') GROUP BY s.player`,
  // The console's stamped statements (web/src/data/class.ts stamped): the rows, then Ponder's checkpoint as one row more.
  `(select "snatch_tournament"."id", "snatch_tournament"."phase", "snatch_phase"."phase" as "phase_no", "snatch_phase"."rooms", null as "stamp"
     from "snatch_tournament" left join "snatch_phase" on "snatch_phase"."tournament_id" = "snatch_tournament"."id"
     where "snatch_tournament"."id" = $1)
   union all (select null, null, null, null, coalesce(max(latest_checkpoint), '') as "stamp" from _ponder_checkpoint)`,
  `(select "snatch_log"."actor", "snatch_seat"."player", null as "stamp" from "snatch_tournament"
     left join "snatch_room" on "snatch_room"."tournament_id" = "snatch_tournament"."id"
     left join "snatch_log" on ("snatch_log"."room_id" = "snatch_room"."id" and "snatch_log"."name" in ($1, $2))
     left join "snatch_seat" on ("snatch_seat"."room_id" = "snatch_log"."room_id" and "snatch_seat"."role" = $3)
     where "snatch_tournament"."id" = $4 group by "snatch_log"."actor", "snatch_seat"."player")
   union all (select null, null, coalesce(max(latest_checkpoint), '') as "stamp" from _ponder_checkpoint)`,
  "select count(*) as games, sum(position_count) as positions from hex_game",
  "select * from hex_position where game_id = $1 order by position_id",
];

describe("indexer: the SQL gate's judge (issue 33, item 4)", function () {
  it("lets every shape of the app's reads through, and names the tables each reads", async function () {
    for (const q of APP_QUERIES) expect(await judgeSql(q), q).to.equal(null);
    expect(judge(APP_QUERIES[6], await parser()).tables).to.have.members(["snatch_log", "snatch_room", "snatch_seat"]);
  });

  it("refuses what lets a short query do unbounded work, in words", async function () {
    const values = Array.from({ length: 10 }, (_, i) => `(values (1),(2),(3),(4),(5),(6),(7),(8),(9),(0)) t${i}(x)`);
    const crossJoin = `select count(*) from ${values.join(", ")}`;
    expect(crossJoin.length).to.be.lessThan(600);
    const cases: [string, string][] = [
      [crossJoin, "VALUES lists"],
      ["select * from (values (1)) v(x) join hex_game g on g.id = v.x", "VALUES lists"],
      ["select count(*) from hex_game a, hex_game b", "a join without a condition (FROM a, b)"],
      ["select count(*) from hex_game a cross join hex_game b", "a join without a condition matching columns"],
      ["select count(*) from hex_game a join hex_game b on true", "a join without a condition matching columns"],
      ["select count(*) from hex_game a join hex_game b on a.id > b.id", "a join without a condition matching"],
      ["select count(*) from hex_game natural join hex_position", "NATURAL JOIN"],
      ["select * from (select id from hex_game) g", "subqueries in FROM"],
      ["with a as (select 1) select * from hex_game", "WITH (common table expressions)"],
      ["select name || name from player_name", "the || operator"],
      ["select replace(replace(name, 'a', 'aaaa'), 'a', 'aaaa') from player_name", "the function replace"],
      ["select concat(name, name) from player_name", "the function concat"],
      ["select json_build_array(name, name) from player_name", "the function json_build_array"],
      ["select array[name, name] from player_name", "ARRAY constructors"],
      ["select row(name, name) from player_name", "ROW constructors"],
      ["select array(select name from player_name)", "ARRAY(subquery)"],
      ["select * from player_name where name ~ '(a*)*b'", "regular expressions"],
      ["select * from player_name where name similar to '(a|b)*'", "SIMILAR TO"],
      ["select 1; select 2", "one query at a time"],
      ["delete from hex_game", "SELECT queries only"],
      ["select from where", "not valid SQL"],
    ];
    for (const [q, words] of cases)
      expect(await judgeSql(q), q)
        .to.be.a("string")
        .that.contains(words);
    const many = Array.from({ length: 7 }, () => "select id from hex_game").join(" union ");
    expect(await judgeSql(many)).to.contain("more than 6 SELECTs");
    const joins = Array.from({ length: 6 }, (_, i) => `join hex_game t${i} on t${i}.id = a.id`).join(" ");
    expect(await judgeSql(`select count(*) from hex_game a ${joins}`)).to.contain("more than 6 tables");
    expect(await judgeSql(`select '${"a".repeat(MAX_SQL_LENGTH)}'`)).to.match(/characters long/);
  });

  // The class pages read the block their answer stands for as one row more of the same statement (UNION ALL, above),
  // not by joining Ponder's checkpoint table to every query: that join has no condition, and is refused as any other.
  // The checkpoint read alone stays a query any client may send.
  it("lets the checkpoint read alone through, and refuses the checkpoint joined to a query ON true", async function () {
    expect(await judgeSql('select max(latest_checkpoint) as "cp" from _ponder_checkpoint')).to.equal(null);
    const q = "select * from hex_game where id = $1";
    for (const join of ["LEFT JOIN", "JOIN"])
      expect(
        await judgeSql(
          `SELECT c.latest_checkpoint AS snapshot_cp, q.* FROM _ponder_checkpoint c ${join} (SELECT 1 AS snapshot_row, i.* FROM (${q}) i) q ON true`,
        ),
      )
        .to.be.a("string")
        .that.contains("a join without a condition matching columns");
  });
});
