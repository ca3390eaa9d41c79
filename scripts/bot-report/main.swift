// The ace's figures for docs/GAME.md: 5 minutes (19,200 ticks) of play from each of 8 seeds.
// Built and run by scripts/bot-report.sh (GameCore compiled into this one file's module).

var rows: [String] = []
var totals = (score: 0, wave: 0, deaths: 0, changes: 0)
let ticks = 19_200
for seed: UInt64 in 1...8 {
  let simulation = Simulation<Asteroids>(seed: seed, settings: AsteroidsSettings(startsAtTitle: false))
  var bot = try! Bot(name: "ace", seed: seed)
  var last: TickInput = []
  var changes = 0
  var deaths = 0
  var best = 0
  var games = 1
  for _ in 0..<ticks {
    let input = bot.input(for: simulation.state)
    if input != last { changes += 1 }
    last = input
    simulation.step(input)
    let state = simulation.state
    if state.cues.contains(.shipExploded) { deaths += 1 }
    best = max(best, state.score.score)
    games = max(games, state.session.gamesStarted)
  }
  let state = simulation.state
  rows.append(
    "| \(seed) | \(best) | \(state.score.wave) | \(deaths) | \(games) | \(changes * 1000 / ticks) |")
  totals.score += best
  totals.wave += state.score.wave
  totals.deaths += deaths
  totals.changes += changes
}
print("| seed | best score | wave at 5:00 | ships lost | games | input changes per 1000 ticks |")
print("| --- | --- | --- | --- | --- | --- |")
for row in rows { print(row) }
print(
  "| mean | \(totals.score / 8) | \(totals.wave * 10 / 8 / 10).\(totals.wave * 10 / 8 % 10) "
    + "| \(totals.deaths * 10 / 8 / 10).\(totals.deaths * 10 / 8 % 10) | | "
    + "\(totals.changes * 1000 / ticks / 8) |")
