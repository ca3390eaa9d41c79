import GameCore
import GameTraining

/// Pong as a training environment: one agent on the left paddle against the rules' own
/// right paddle, or two agents, one a paddle.
///
/// Each agent sees the court from its own side (player 2's view is mirrored: its paddle is
/// always "mine", the ball's x is its distance from its own goal line), so one policy can
/// play either paddle. Reward: +1 for a point won, -1 for a point lost (`score`; or `points`,
/// +1 a point won and nothing for a point lost). The episode ends when a side reaches 11.
extension Pong: TrainableGame {
  public static func observe(_ state: State, player: Int, into features: inout ObservationWriter) {
    let mirrored = player == 1
    let x = mirrored ? width - state.ball[0] : state.ball[0]
    features.unit(
      "ball_x", max(0, x), over: width, "ball's distance from my goal line / court width")
    features.unit(
      "ball_y", max(0, state.ball[1]), over: height, "ball's height / court height (0 top)")
    features.signed(
      "ball_vx", mirrored ? -state.ball[2] : state.ball[2], over: 3 * unit,
      "ball's speed away from me / 3 units a tick")
    features.signed(
      "ball_vy", state.ball[3], over: 3 * unit, "ball's vertical speed / 3 units a tick")
    features.unit(
      "paddle_y", state.paddles[player], over: height, "my paddle's centre / court height")
    features.unit(
      "opponent_y", state.paddles[1 - player], over: height,
      "the other paddle's centre / court height")
    features.unit(
      "serve_in", max(0, state.serveIn), over: 64,
      "ticks to the next serve / 64 (0 while the ball is in play)")
    features.unit("points", state.points[player], over: 11, "my points / 11")
    features.unit(
      "opponent_points", state.points[1 - player], over: 11, "the other side's points / 11")
  }

  public static func actions(forPlayer player: Int) -> [TrainingAction] {
    let (up, down): (TickInput, TickInput) = player == 0 ? (.up, .down) : (.up2, .down2)
    return [.init("noop", []), .init("up", up), .init("down", down)]
  }

  public static func score(of state: State, player: Int) -> Int {
    state.points[player] - state.points[1 - player]
  }

  /// `score` (points won minus points lost: the default reward, as ``score(of:player:)``),
  /// `points` (won), `opponent_points` (lost) and `hits` (the ball's paddle hits, both sides).
  /// Inlined into the batch's step, where the writer lists nothing and its checks fold away.
  @inline(__always)
  public static func counters(of state: State, player: Int, into counters: inout CounterWriter) {
    counters.total(
      "score", state.points[player] - state.points[1 - player], "points won minus points lost")
    counters.total("points", state.points[player], "points won")
    counters.total("opponent_points", state.points[1 - player], "points lost")
    counters.total("hits", state.hits, "times a paddle hit the ball, both paddles")
  }

  public static var trainingPlayers: [Int] { [1, 2] }

  /// A serve press starts the game; with two agents, player 2 then takes the right paddle
  /// (up, then down: back where it was).
  public static func startInputs(players: Int) -> [TickInput] {
    players == 1 ? [.serve] : [.serve, .up2, .down2]
  }
}
