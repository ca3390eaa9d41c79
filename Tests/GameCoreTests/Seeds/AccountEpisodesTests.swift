import GameCore
import GameTesting
import Testing

/// Seed 000: an account feature and a list of episodes, each with its own reducer and
/// environment, lifted into one app reducer; loading episodes is async work in the environment.
@Suite struct AccountEpisodesTests {
  struct Account: Equatable {
    var user: String?
    var isLoggingIn = false
  }

  enum AccountAction: Equatable, Sendable {
    case loginTapped(String)
    case loginResponse(String?)
    case logoutTapped
  }

  struct Episode: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isFavorite = false
    var progress = 0
  }

  enum EpisodeAction: Equatable, Sendable {
    case favoriteTapped
    case watched(seconds: Int)
  }

  struct AppState: Equatable {
    var account = Account()
    var episodes: IdentifiedArray<Episode> = []
  }

  enum AppAction: Equatable, Sendable {
    case account(AccountAction)
    case episode(id: Int, action: EpisodeAction)
    case episodesLoaded([Episode])
    case onAppear
  }

  struct AccountEnvironment: Sendable {
    var login: @Sendable (String) async -> String?
  }

  struct AppEnvironment: Sendable {
    var account: AccountEnvironment
    var fetchEpisodes: @Sendable () async -> [Episode]
  }

  static let accountReducer = Reducer<Account, AccountAction, AccountEnvironment> {
    state, action, _ in
    switch action {
    case .loginTapped(let name):
      state.isLoggingIn = true
      return .run { (environment: AccountEnvironment, send) in
        send(.loginResponse(await environment.login(name)))
      }
    case .loginResponse(let user):
      state.isLoggingIn = false
      state.user = user
    case .logoutTapped:
      state.user = nil
    }
    return .none
  }

  static let episodeReducer = Reducer<Episode, EpisodeAction, Void> { episode, action, _ in
    switch action {
    case .favoriteTapped: episode.isFavorite.toggle()
    case .watched(let seconds): episode.progress += seconds
    }
    return .none
  }

  static let appReducer: Reducer<AppState, AppAction, AppEnvironment> = .combine(
    accountReducer.pullback(
      state: \AppState.account,
      action: CasePath(
        embed: AppAction.account, extract: { if case .account(let a) = $0 { a } else { nil } }),
      environment: { $0.account }),
    episodeReducer.forEach(
      state: \AppState.episodes,
      action: CasePath(
        embed: { AppAction.episode(id: $0.0, action: $0.1) },
        extract: { if case .episode(let id, let a) = $0 { (id, a) } else { nil } }),
      environment: { _ in }),
    Reducer { state, action, _ in
      switch action {
      case .onAppear:
        return .run { (environment: AppEnvironment, send) in
          send(.episodesLoaded(await environment.fetchEpisodes()))
        }
      case .episodesLoaded(let episodes):
        state.episodes = IdentifiedArray(episodes)
      case .account, .episode:
        break
      }
      return .none
    })

  static let environment = AppEnvironment(
    account: AccountEnvironment(login: { name in name == "blob" ? "Blob" : nil }),
    fetchEpisodes: { [Episode(id: 1, title: "Functions"), Episode(id: 2, title: "Side Effects")] })

  @Test func loggingInAndWatchingEpisodesThroughOneAppReducer() async {
    let store = TestStore(
      initialState: AppState(), reducer: Self.appReducer, environment: Self.environment)
    store.send(.onAppear)
    await store.settle()
    store.receive(
      .episodesLoaded([Episode(id: 1, title: "Functions"), Episode(id: 2, title: "Side Effects")])
    ) {
      $0.episodes = [Episode(id: 1, title: "Functions"), Episode(id: 2, title: "Side Effects")]
    }
    store.send(.account(.loginTapped("blob"))) { $0.account.isLoggingIn = true }
    await store.settle()
    store.receive(.account(.loginResponse("Blob"))) {
      $0.account.isLoggingIn = false
      $0.account.user = "Blob"
    }
    store.send(.episode(id: 2, action: .favoriteTapped)) { $0.episodes[id: 2]?.isFavorite = true }
    store.send(.episode(id: 1, action: .watched(seconds: 90))) {
      $0.episodes[id: 1]?.progress = 90
    }
    store.send(.account(.logoutTapped)) { $0.account.user = nil }
  }
}
