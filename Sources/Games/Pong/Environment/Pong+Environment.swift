import GameCore
import GameTraining

/// Pong as a training environment: one agent on the left paddle against the rules' own
/// right paddle, or two agents, one a paddle.
///
/// Each agent sees the court from its own side (player 2's view is mirrored: its paddle is
/// always "mine", the ball's x is its distance from its own goal line), so one policy can
/// play either paddle. Reward: +1 for a point won, -1 for a point lost. The episode ends
/// when a side reaches 11.
extension Pong: TrainableGame {
  public static let observationFeatures = [
    ObservationFeature.unit("ball_x", "ball's distance from my goal line / court width"),
    .unit("ball_y", "ball's height / court height (0 top)"),
    ObservationFeature("ball_vx", "ball's speed away from me / 3 units a tick"),
    ObservationFeature("ball_vy", "ball's vertical speed / 3 units a tick"),
    .unit("paddle_y", "my paddle's centre / court height"),
    .unit("opponent_y", "the other paddle's centre / court height"),
    .unit("serve_in", "ticks to the next serve / 64 (0 while the ball is in play)"),
    .unit("points", "my points / 11"),
    .unit("opponent_points", "the other side's points / 11"),
  ]

  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    let mirrored = player == 1
    let x = mirrored ? width - state.ball[0] : state.ball[0]
    features.write(max(0, x), over: width)
    features.write(max(0, state.ball[1]), over: height)
    features.write(mirrored ? -state.ball[2] : state.ball[2], over: 3 * unit)
    features.write(state.ball[3], over: 3 * unit)
    features.write(state.paddles[player], over: height)
    features.write(state.paddles[1 - player], over: height)
    features.write(max(0, state.serveIn), over: 64)
    features.write(state.points[player], over: 11)
    features.write(state.points[1 - player], over: 11)
  }

  public static func actions(forPlayer player: Int) -> [EnvironmentAction] {
    player == 0
      ? [EnvironmentAction("noop", []), EnvironmentAction("up", .up), EnvironmentAction("down", .down)]
      : [EnvironmentAction("noop", []), EnvironmentAction("up", .up2), EnvironmentAction("down", .down2)]
  }

  public static func score(of state: State, player: Int) -> Int {
    state.points[player] - state.points[1 - player]
  }

  public static var environmentPlayers: [Int] { [1, 2] }

  /// A serve press starts the game; with two agents, player 2 then takes the right paddle
  /// (up, then down: back where it was).
  public static func startInputs(players: Int) -> [TickInput] {
    players == 1 ? [.serve] : [.serve, .up2, .down2]
  }
}
