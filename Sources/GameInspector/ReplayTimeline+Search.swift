import GameCore

extension ReplayTimeline {
  /// What a search for a field's next or previous change found.
  public enum ChangeSearch: Equatable, Sendable {
    /// The field changes on this tick (its value differs from the tick before).
    case found(tick: Int)
    /// No change in the ticks searched, which end at this tick (the replay's start or end, or
    /// where the search's budget ran out).
    case notFound(searchedTo: Int)
    /// No field has this path.
    case noSuchField
  }

  /// The first tick after `tick` on which the field at `path` changes, searching at most
  /// `budget` ticks.
  public func nextChange(of path: String, after tick: Int, budget: Int = 1 << 18) -> ChangeSearch {
    guard let probe = FieldProbe<G.State>(path: path, in: state(at: tick)) else {
      return .noSuchField
    }
    guard tick < ticks else { return .notFound(searchedTo: ticks) }
    let last = min(ticks, tick + max(1, budget))
    var previous = probe.value(state(at: tick))
    var result = ChangeSearch.notFound(searchedTo: last)
    forEachState(from: tick + 1, through: last) { current, state in
      let value = probe.value(state)
      if value != previous {
        result = .found(tick: current)
        return false
      }
      previous = value
      return true
    }
    return result
  }

  /// The last tick before `tick` on which the field at `path` changes, searching at most
  /// `budget` ticks back. Searches forward one snapshot interval at a time, nearest first.
  public func previousChange(of path: String, before tick: Int, budget: Int = 1 << 18)
    -> ChangeSearch
  {
    guard let probe = FieldProbe<G.State>(path: path, in: state(at: tick)) else {
      return .noSuchField
    }
    let floor = max(0, tick - max(1, budget))
    var high = tick - 1
    while high > floor {
      let low = max(floor, high - snapshotInterval)
      var previous: String?
      var found: Int?
      forEachState(from: low, through: high) { current, state in
        let value = probe.value(state)
        if let previous, value != previous { found = current }
        previous = value
        return true
      }
      if let found { return .found(tick: found) }
      high = low
    }
    return .notFound(searchedTo: floor)
  }

  /// The first tick at which this replay and `other` reach different states (by their stable
  /// hashes), or nil when they agree on every tick both have.
  public func firstDivergence<H: Game>(from other: ReplayTimeline<H>) -> Int? {
    let common = min(ticks, other.ticks)
    for tick in 0...common where hashes[tick] != other.hashes[tick] { return tick }
    return nil
  }
}

/// Reads one field of a state, as fast as its path allows: a top-level field by its section
/// hash, anything deeper by reflection.
struct FieldProbe<State: GameState> {
  let path: String
  let section: Int?

  /// A probe of `path`, or nil when `sample` has no such field.
  init?(path: String, in sample: State) {
    guard StateTree.probe(at: path, in: sample) != nil else { return nil }
    self.path = path
    section = sample.hashSections.firstIndex { $0.name == path }
  }

  func value(_ state: State) -> String {
    if let section { return String(state.hashSections[section].hash) }
    guard let probe = StateTree.probe(at: path, in: state) else { return "nil" }
    return probe.value + "\u{0}" + (probe.exact ?? "")
  }
}
