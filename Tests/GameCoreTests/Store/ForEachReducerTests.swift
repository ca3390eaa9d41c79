import GameCore
import GameTesting
import Testing

@Suite struct ForEachReducerTests {
  struct Child: Equatable, Identifiable, Sendable {
    var id: Int
    var hits = 0
    var loaded: [String] = []
  }

  enum ChildAction: Equatable, Sendable {
    case hit
    case hitLater
    case load
    case loaded(String)
  }

  /// The element's environment: a label its async work reports.
  struct ChildEnvironment: Sendable {
    var label: String
  }

  static let childReducer = Reducer<Child, ChildAction, ChildEnvironment> { child, action, _ in
    switch action {
    case .hit: child.hits += 1
    case .hitLater: return .after(ticks: 1, .hit)
    case .load:
      let id = child.id
      return .run { (environment: ChildEnvironment, send) in
        send(.loaded("\(environment.label) \(id)"))
      }
    case .loaded(let text): child.loaded.append(text)
    }
    return .none
  }

  struct Parent: Equatable {
    var list: IdentifiedArray<Child> = [Child(id: 1), Child(id: 2), Child(id: 3)]
    var parentSaw: [String] = []
  }

  enum ParentAction: Equatable, Sendable {
    case list(id: Int, action: ChildAction)
    case removed(id: Int)
    case other
  }

  static let listPath = CasePath<ParentAction, (Int, ChildAction)>(
    embed: { ParentAction.list(id: $0.0, action: $0.1) },
    extract: { if case .list(let id, let a) = $0 { (id, a) } else { nil } })

  /// The parent's environment is a number; each element's label is made from it.
  static let parentReducer: Reducer<Parent, ParentAction, Int> = .combine(
    childReducer.forEach(
      state: \Parent.list, action: listPath,
      environment: { ChildEnvironment(label: "environment \($0)") }),
    Reducer { state, action, _ in
      switch action {
      case .removed(let id): state.list.remove(id: id)
      case .other: state.parentSaw.append("other")
      case .list: break
      }
      return .none
    })

  static func makeStore(_ initial: Parent = Parent()) -> TestStore<
    Reducer<Parent, ParentAction, Int>
  > {
    TestStore(initialState: initial, reducer: parentReducer, environment: 7)
  }

  @Test func forEachRoutesByStableIDNotByPosition() {
    var initial = Parent()
    initial.list.remove(id: 1)  // positions shift; ids must not
    let store = Store(initialState: initial, reducer: Self.parentReducer, environment: 7)
    store.send(.list(id: 3, action: .hit))
    store.send(.list(id: 3, action: .hitLater))
    store.advanceTick()
    store.send(.list(id: 1, action: .hit))  // gone: ignored
    #expect(store.state.list.map(\.id) == [2, 3])
    #expect(store.state.list[id: 3]?.hits == 2)
    #expect(store.state.list[id: 2]?.hits == 0)
  }

  @Test func anActionReachesOnlyTheElementWithItsID() {
    let store = Self.makeStore()
    store.send(.list(id: 2, action: .hit)) { $0.list[id: 2]?.hits = 1 }
    store.send(.list(id: 3, action: .hit)) { $0.list[id: 3]?.hits = 1 }
    store.send(.list(id: 2, action: .hit)) { $0.list[id: 2]?.hits = 2 }
    store.send(.other) { $0.parentSaw = ["other"] }
  }

  @Test func anActionForAnIDNotInTheCollectionChangesNothingAndStartsNothing() {
    let store = Self.makeStore()
    store.send(.list(id: 42, action: .hit))
    // No element, so no effect: a pending timer would fail the test when it ends.
    store.send(.list(id: 42, action: .hitLater))
    store.send(.list(id: 42, action: .load))
  }

  @Test func anElementsTimerComesBackTaggedWithItsID() {
    let store = Self.makeStore()
    store.send(.list(id: 2, action: .hitLater))
    store.advance()
    store.receive(.list(id: 2, action: .hit)) { $0.list[id: 2]?.hits = 1 }
  }

  @Test func anElementsAsyncWorkGetsTheEnvironmentMadeForElements() async {
    let store = Self.makeStore()
    store.send(.list(id: 3, action: .load))
    await store.settle()
    store.receive(.list(id: 3, action: .loaded("environment 7 3"))) {
      $0.list[id: 3]?.loaded = ["environment 7 3"]
    }
  }

  @Test func anEffectFinishingAfterItsElementWasRemovedIsIgnored() {
    let store = Self.makeStore()
    store.send(.list(id: 2, action: .hitLater))
    store.send(.removed(id: 2)) { $0.list.remove(id: 2) }
    store.advance()
    store.receive(.list(id: 2, action: .hit))
    #expect(store.state.list.ids == [1, 3])
  }

  @Test func anElementRemovedAndAddedAgainReceivesActionsByItsIDAtItsNewPosition() {
    var initial = Parent()
    initial.list.remove(id: 1)
    initial.list.updateOrAppend(Child(id: 1))
    let store = Self.makeStore(initial)
    store.send(.list(id: 1, action: .hit)) { $0.list[id: 1]?.hits = 1 }
    #expect(store.state.list.ids == [2, 3, 1])
    #expect(store.state.list[2].hits == 1)
  }
}

/// The examples in `ForEachReducer.swift`'s documentation, copied as written there: each must
/// compile and do what its page says.
extension ForEachReducerTests {
  @Suite struct ForEachDocExample {
    struct Episode: Identifiable, Sendable {
      var id: Int
      var watched = false
    }
    enum EpisodeAction: Sendable { case watched }
    struct EpisodeEnvironment: Sendable {}
    struct AppEnvironment: Sendable { var episode = EpisodeEnvironment() }
    struct AppState { var episodes: IdentifiedArray<Episode> = [Episode(id: 1), Episode(id: 2)] }
    enum AppAction: Sendable { case episode(id: Int, action: EpisodeAction) }

    static let episodeReducer = Reducer<Episode, EpisodeAction, EpisodeEnvironment> {
      episode, _, _ in
      episode.watched = true
      return .none
    }

    @Test func compilesAndRoutesByID() {
      let episodeReducer = Self.episodeReducer
      // ForEachReducer.swift
      let appReducer = episodeReducer.forEach(
        state: \AppState.episodes,
        action: CasePath(
          embed: { AppAction.episode(id: $0.0, action: $0.1) },
          extract: { if case .episode(let id, let action) = $0 { (id, action) } else { nil } }),
        environment: { (environment: AppEnvironment) in environment.episode })

      let store = Store(
        initialState: AppState(), reducer: appReducer, environment: AppEnvironment())
      store.send(.episode(id: 2, action: .watched))
      #expect(store.state.episodes.map(\.watched) == [false, true])
    }
  }

  @Suite struct ForEachParentEnvironmentDocExample {
    struct Episode: Identifiable, Sendable {
      var id: Int
      var watched = false
    }
    enum EpisodeAction: Sendable { case watched }
    struct AppState { var episodes: IdentifiedArray<Episode> = [Episode(id: 1), Episode(id: 2)] }
    enum AppAction: Sendable { case episode(id: Int, action: EpisodeAction) }

    static let episodeReducer = Reducer<Episode, EpisodeAction, Void> { episode, _, _ in
      episode.watched = true
      return .none
    }

    @Test func compilesAndRoutesByIDWithTheParentsEnvironment() {
      let episodeReducer = Self.episodeReducer
      // ForEachReducer.swift, forEach(state:action:)
      let appReducer = episodeReducer.forEach(
        state: \AppState.episodes,
        action: CasePath(
          embed: { AppAction.episode(id: $0.0, action: $0.1) },
          extract: { if case .episode(let id, let action) = $0 { (id, action) } else { nil } }))

      let store = Store(initialState: AppState(), reducer: appReducer, environment: ())
      store.send(.episode(id: 1, action: .watched))
      #expect(store.state.episodes.map(\.watched) == [true, false])
    }
  }
}
