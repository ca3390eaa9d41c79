/// How a game hashed its state under older rules versions, kept so that replays recorded then
/// still verify with the hashes they recorded.
///
/// When a game changes how its state hashes but not how it plays (its sections were not its
/// stored properties, or it moved to the derived hash of ``StateValue``), it raises its
/// ``Game/version`` and lists the old scheme here, in a file whose name says `Legacy`:
///
/// ```swift
/// static let legacyHashing = [
///   LegacyHashing<State>(versions: 1...1, sections: [
///     .init("tick", covers: ["tick", "phase", "serveIn"]) { state in ... },
///     .init("paddles") { state in ... },
///   ])
/// ]
/// ```
///
/// A file of one of ``versions`` replays under today's rules and is checked against these
/// sections (the whole-state hash is their hashes combined in order). A desync report lists
/// the stored properties each section covers.
public struct LegacyHashing<State>: Sendable {
  /// The rules versions that hashed this way.
  public var versions: ClosedRange<UInt16>
  /// The sections, in the order the files recorded them.
  public var sections: [Section]

  /// One recorded section: its name, the stored properties it covers and its hash.
  public struct Section: Sendable {
    /// Its name in the files' reports.
    public var name: String
    /// The stored properties of today's state whose values it hashed.
    public var covers: [String]
    /// Its 64-bit hash of a state, or nil where the files had no such section (a second
    /// player's, in a one-player game).
    public var hash: @Sendable (State) -> UInt64?

    /// A section called `name` covering the properties `covers` (just `name` by default).
    public init(
      _ name: String, covers: [String]? = nil, hash: @escaping @Sendable (State) -> UInt64?
    ) {
      self.name = name
      self.covers = covers ?? [name]
      self.hash = hash
    }
  }

  /// The old scheme for `versions`.
  public init(versions: ClosedRange<UInt16>, sections: [Section]) {
    self.versions = versions
    self.sections = sections
  }
}

/// The hashes a replay of one rules version checks: today's (``ReplayHashable``) or a
/// ``LegacyHashing``.
public struct StateHashing<State: ReplayHashable>: Sendable {
  /// The legacy scheme, or nil for today's.
  public let legacy: LegacyHashing<State>?

  /// Today's hashes.
  public static var current: Self { Self(legacy: nil) }

  /// The scheme of `legacy`, or today's for nil.
  public init(legacy: LegacyHashing<State>?) { self.legacy = legacy }

  /// The whole state's hash.
  public func hash(_ state: State) -> UInt64 {
    guard let legacy else { return state.stableHash }
    var hasher = StableHasher()
    for section in legacy.sections {
      if let hash = section.hash(state) { hasher.combine(hash) }
    }
    return hasher.finalized
  }

  /// The sections' names and hashes, in order.
  public func sections(_ state: State) -> [(name: String, hash: UInt64)] {
    guard let legacy else { return state.hashSections }
    return legacy.sections.compactMap { section in section.hash(state).map { (section.name, $0) } }
  }

  /// The stored properties the section `name` covers: itself, for today's sections.
  public func covers(_ name: String) -> [String] {
    legacy?.sections.first { $0.name == name }?.covers ?? [name]
  }

  /// The scheme for files of rules `version`, when the rules are at `current` and keep
  /// `legacy`; nil for a version neither is.
  public static func forVersion(
    _ version: UInt16, current: UInt16, legacy: [LegacyHashing<State>]
  ) -> Self? {
    if version == current { return .current }
    return legacy.first { $0.versions.contains(version) }.map { Self(legacy: $0) }
  }
}

extension LegacyHashing where State: GameState {
  /// Today's derived sections, one per stored property, but for a rules version whose hash
  /// differed in a few of them: the properties `without` had not been added yet, and the
  /// sections in `replacing` were hashed the old way.
  ///
  /// When a new property's starting value plays as the older rules did (a paddle that follows
  /// the mouse only once the mouse moves, which an older file never does), or only a
  /// section's hashing changed, the older files replay under today's rules and verify against
  /// these, without repeating the sections that stayed the same:
  ///
  /// ```swift
  /// static let legacyHashing = [
  ///   LegacyHashing<State>.derived(versions: 2...2, without: ["aiming"]),
  ///   .derived(versions: 1...1, replacing: [.init("settings") { oldHash($0.settings) }]),
  /// ]
  /// ```
  public static func derived(
    versions: ClosedRange<UInt16>, without added: [String] = [], replacing: [Section] = []
  ) -> Self {
    let layout = StateLayout.of(State.self)
    for name in added + replacing.map(\.name) {
      precondition(
        layout.sectionNames.contains(name), "\(State.self) has no hashed property \(name)")
    }
    let sections = layout.sectionNames.filter { !added.contains($0) }.map { name in
      replacing.first { $0.name == name }
        ?? Section(name) { state in
          withUnsafePointer(to: state) { layout.sectionHash(name, of: $0) }
        }
    }
    return Self(versions: versions, sections: sections)
  }
}
