/// A game author's optional hooks, answered for a game that leaves them out: no title but
/// its id, no bots, metrics, workloads or legacy hashing, as many seats as the buttons name players,
/// never over, never ranked.
///
/// The engine's own hooks, which no game writes, are in `Game+Engine.swift`.
extension Game {
  public static var title: String { id }
  public static var botNames: [String] { [] }
  public static func metrics(of state: State) -> [Metric] { [] }
  public static var workloads: [(name: String, settings: Settings)] { [] }
  public static func replayWork(of settings: Settings) -> Int { 1 }
  public static var legacyHashing: [LegacyHashing<State>] { [] }
  public static func seats(for settings: Settings) -> Int { buttons.players }
  public static func input(of bot: inout Bot, for state: State, seat: Int) -> TickInput {
    buttons.moved(bot.input(for: state), toPlayer: seat + 1)
  }
  public static func isGameOver(_ state: State) -> Bool { false }
  public static func ranking(of state: State) -> Ranking? { nil }
  public static var rankingTables: [String] { [""] }
  public static func rankingOrder(of table: String) -> Ranking.Order { .higherIsBetter }
  public static func rankingText(_ value: Int, table: String) -> String { "\(value)" }
}

extension Game where Bot == NoBot<State> {
  public static func bot(named name: String, seed: UInt64) -> Bot? { nil }
}
