import GameCore
import GameTesting
import Testing

/// Seed 002: a counter whose value can be saved as a favourite prime, and a favourites list,
/// each a reducer of its own, lifted into one app reducer, plus a higher-order reducer that
/// logs activity.
@Suite struct CounterFavoritesTests {
  struct AppState: Equatable {
    var count = 0
    var favoritePrimes: [Int] = []
    var activityFeed: [Activity] = []
  }

  enum Activity: Equatable {
    case addedFavoritePrime(Int)
    case removedFavoritePrime(Int)
  }

  enum CounterAction: Equatable, Sendable { case incrTapped, decrTapped }
  enum PrimeModalAction: Equatable, Sendable { case saveFavoritePrimeTapped, removeFavoritePrimeTapped }
  enum FavoritePrimesAction: Equatable, Sendable { case deleteFavoritePrimes([Int]) }

  enum AppAction: Equatable, Sendable {
    case counter(CounterAction)
    case primeModal(PrimeModalAction)
    case favoritePrimes(FavoritePrimesAction)
  }

  /// The part of the state the prime modal works on.
  struct PrimeModalState: Equatable {
    var count: Int
    var favoritePrimes: [Int]
  }

  static let counterReducer = Reducer<Int, CounterAction, Void> { count, action, _ in
    switch action {
    case .incrTapped: count += 1
    case .decrTapped: count -= 1
    }
    return .none
  }

  static let primeModalReducer = Reducer<PrimeModalState, PrimeModalAction, Void> {
    state, action, _ in
    switch action {
    case .saveFavoritePrimeTapped: state.favoritePrimes.append(state.count)
    case .removeFavoritePrimeTapped: state.favoritePrimes.removeAll { $0 == state.count }
    }
    return .none
  }

  static let favoritePrimesReducer = Reducer<[Int], FavoritePrimesAction, Void> {
    primes, action, _ in
    switch action {
    case .deleteFavoritePrimes(let indices):
      for index in indices.sorted(by: >) { primes.remove(at: index) }
    }
    return .none
  }

  /// Higher-order reducer: records what the wrapped reducer did to the favourites.
  static func activityFeed(_ reducer: Reducer<AppState, AppAction, Void>) -> Reducer<
    AppState, AppAction, Void
  > {
    Reducer { state, action, environment in
      switch action {
      case .counter: break
      case .primeModal(.saveFavoritePrimeTapped):
        state.activityFeed.append(.addedFavoritePrime(state.count))
      case .primeModal(.removeFavoritePrimeTapped):
        state.activityFeed.append(.removedFavoritePrime(state.count))
      case .favoritePrimes(.deleteFavoritePrimes(let indices)):
        for index in indices {
          state.activityFeed.append(.removedFavoritePrime(state.favoritePrimes[index]))
        }
      }
      return reducer.reduce(into: &state, action: action, environment: environment)
    }
  }

  static let appReducer = activityFeed(
    .combine(
      counterReducer.pullback(
        state: \AppState.count,
        action: CasePath(
          embed: AppAction.counter, extract: { if case .counter(let a) = $0 { a } else { nil } }),
        environment: { $0 }),
      primeModalReducer.pullback(
        state: \AppState.primeModal,
        action: CasePath(
          embed: AppAction.primeModal,
          extract: { if case .primeModal(let a) = $0 { a } else { nil } }),
        environment: { $0 }),
      favoritePrimesReducer.pullback(
        state: \AppState.favoritePrimes,
        action: CasePath(
          embed: AppAction.favoritePrimes,
          extract: { if case .favoritePrimes(let a) = $0 { a } else { nil } }),
        environment: { $0 })
    ))

  @Test func countingSavingAndDeletingFavouritesWithAnActivityFeed() {
    let store = TestStore(initialState: AppState(), reducer: Self.appReducer, environment: ())
    store.send(.counter(.incrTapped)) { $0.count = 1 }
    store.send(.counter(.incrTapped)) { $0.count = 2 }
    store.send(.primeModal(.saveFavoritePrimeTapped)) {
      $0.favoritePrimes = [2]
      $0.activityFeed = [.addedFavoritePrime(2)]
    }
    store.send(.counter(.incrTapped)) { $0.count = 3 }
    store.send(.primeModal(.saveFavoritePrimeTapped)) {
      $0.favoritePrimes = [2, 3]
      $0.activityFeed.append(.addedFavoritePrime(3))
    }
    store.send(.primeModal(.removeFavoritePrimeTapped)) {
      $0.favoritePrimes = [2]
      $0.activityFeed.append(.removedFavoritePrime(3))
    }
    store.send(.favoritePrimes(.deleteFavoritePrimes([0]))) {
      $0.favoritePrimes = []
      $0.activityFeed.append(.removedFavoritePrime(2))
    }
  }
}

extension CounterFavoritesTests.AppState {
  /// A computed property as the pullback's key path, as in the seed article.
  var primeModal: CounterFavoritesTests.PrimeModalState {
    get { .init(count: count, favoritePrimes: favoritePrimes) }
    set {
      count = newValue.count
      favoritePrimes = newValue.favoritePrimes
    }
  }
}
