/// The state of a game, described once by its stored properties (``StateValue``): the engine
/// derives its hash sections (one per property), its desync reports, its inspector tree and
/// its test diffs from them. It is equatable and has a tick counter.
public protocol GameState: ReplayHashable, StateValue, Equatable, Sendable {
  /// Ticks run since tick 0.
  var tick: Int { get }
}
