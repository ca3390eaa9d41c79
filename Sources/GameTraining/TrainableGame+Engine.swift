import GameCore

/// The batch's hot loops, as requirements of ``TrainableGame`` with default implementations.
///
/// Why requirements: callers that know a game only by its id (the C library) reach the batch
/// through ``AnyTrainingBatch``, where generic code would run unspecialised. A defaulted
/// requirement's witness is compiled in the game's own module with `Self` concrete, so these
/// loops are specialised for each game (the same reason as ``Game/runHeadless``).
extension TrainableGame {
  @inlinable
  public static func resetEnvironments(
    _ batch: TrainingBatch<Self>, _ range: Range<Int>, seeds: UnsafePointer<UInt64>,
    buffers: TrainingBuffers
  ) {
    let players = batch.players
    for index in range {
      batch.begin(index, seed: seeds[index], counters: buffers.counters)
      batch.observe(index, into: buffers.observations)
      for player in 0..<players { buffers.rewards[index * players + player] = 0 }
      buffers.terminated[index] = 0
      buffers.truncated[index] = 0
    }
  }

  @inlinable
  public static func stepEnvironments(
    _ batch: TrainingBatch<Self>, _ range: Range<Int>, actions: UnsafePointer<Int32>,
    buffers: TrainingBuffers
  ) {
    // One agent is the common case: the same loop with `players` a constant 1 folds every
    // per-agent loop away.
    if batch.players == 1 {
      stepRange(batch, range, actions: actions, buffers: buffers, players: 1)
    } else {
      stepRange(batch, range, actions: actions, buffers: buffers, players: batch.players)
    }
  }

  /// Steps environments `range` of `batch`, each with `players` agents.
  ///
  /// The batch's fields are read into locals once, and indices are computed with wrapping
  /// arithmetic (a batch's sizes were checked when it was made, so none can overflow): in
  /// the loop the compiler then keeps them in registers instead of reloading each after
  /// every call into the game.
  @inlinable @inline(__always)
  static func stepRange(
    _ batch: TrainingBatch<Self>, _ range: Range<Int>, actions: UnsafePointer<Int32>,
    buffers: TrainingBuffers, players: Int
  ) {
    let states = batch.states
    let episodes = batch.episodes
    let inputTable = batch.inputTable
    let maxActions = batch.maxActions
    // Read once here: a class's `var` read in the loop is a dynamic exclusivity check an
    // environment (`swift_beginAccess`, about 85 instructions of a Pong step's 610), even
    // where no action repeat ever calls it.
    let beforeLastTick = batch.beforeLastTick
    // The journal's row for this step, found once: per environment it was five loads of
    // the batch's fields and an overflow check.
    let history = batch.keepsHistory ? batch.journal.currentRow : nil
    for index in range {
      let episode = episodes + index
      if episode.pointee.hasEnded {
        // Next-step autoreset: this step starts the next episode and ignores the action.
        batch.begin(index, seed: episode.pointee.seeds.next(), counters: buffers.counters)
        batch.observe(index, into: buffers.observations)
        for player in 0..<players { buffers.rewards[index &* players &+ player] = 0 }
        buffers.terminated[index] = 0
        buffers.truncated[index] = 0
        continue
      }
      var input = TickInput()
      for player in 0..<players {
        let action = Int(truncatingIfNeeded: actions[index &* players &+ player])
        let chosen = inputTable[player &* maxActions &+ action]
        input.formUnion(chosen)
        // An action may also set axes (a paddle's position): each agent's own, never 0.
        if chosen.hasAxisValues {
          for axis in 0..<TickInput.maxAxes where chosen[axis: axis] != 0 {
            input[axis: axis] = chosen[axis: axis]
          }
        }
      }
      if let axes = buffers.axes {
        batch.setAxes(&input, from: axes, index: index, players: players)
      }
      let ended = stepEnvironment(
        &states[index], &episode.pointee, index: index, input: input, batch: batch,
        buffers: buffers, players: players, beforeLastTick: beforeLastTick, history: history)
      guard ended else { continue }
      if batch.autoreset == .sameStep, let final = buffers.finalObservations {
        batch.observe(index, into: final)
        batch.begin(index, seed: episode.pointee.seeds.next(), counters: buffers.counters)
      } else {
        episode.pointee.hasEnded = true
      }
      batch.observe(index, into: buffers.observations)
    }
  }

  /// One environment's step, on its state and episode in place: borrowing them through
  /// `inout` lets the observation and the score read the state without copying it (a copy
  /// retains and releases every array in it; so does passing a pointer's `pointee`).
  /// Returns whether the episode ended.
  @inlinable @inline(__always)
  static func stepEnvironment(
    _ state: inout State, _ episode: inout TrainingEpisode, index: Int, input: TickInput,
    batch: TrainingBatch<Self>, buffers: TrainingBuffers, players: Int,
    beforeLastTick: (@Sendable (Int, State) -> Void)?,
    history: (buttons: UnsafeMutablePointer<UInt32>, axes: UnsafeMutablePointer<UInt64>?)?
  ) -> Bool {
    let scores = batch.scores
    let counterCount = batch.counterCount
    let rewardCounter = batch.rewardCounter
    let rows = buffers.counters ?? batch.counterRows
    let actionRepeat = batch.actionRepeat
    let game = batch.game
    var ticks = 0
    var terminated = false
    while ticks < actionRepeat && !terminated {
      // The state before a repeated step's last tick, for a caller pooling the last two
      // frames; never reached with no repeat (the default path pays one compare).
      if ticks > 0 && ticks &+ 1 == actionRepeat, let hook = beforeLastTick {
        hook(index, state)
      }
      _ = game.reduce(into: &state, action: .tick(input), environment: ())
      ticks &+= 1
      terminated = isTerminated(state)
    }
    episode.steps &+= 1
    episode.lastTicks = ticks
    if let history {
      history.buttons[index] = input.rawValue
      if let axes = history.axes {
        axes[index] = input.axisLanes
      } else {
        assert(!input.hasAxisValues, "a journal without axes was given axis values")
      }
    }
    for player in 0..<players {
      let slot = index &* players &+ player
      let row = rows + slot &* counterCount
      var writer = CounterWriter(row)
      counters(of: state, player: player, into: &writer)
      let score = Int(row[rewardCounter])
      buffers.rewards[slot] = Float(score &- scores[slot])
      scores[slot] = score
    }
    let truncated = !terminated && episode.steps >= batch.timeLimit
    buffers.terminated[index] = terminated ? 1 : 0
    buffers.truncated[index] = truncated ? 1 : 0
    guard !terminated && !truncated else {
      batch.recordEnd(index, steps: episode.steps, buffers: buffers)
      return true
    }
    let featureCount = batch.featureCount
    for player in 0..<players {
      var writer = ObservationWriter(
        buffers.observations + (index &* players &+ player) &* featureCount,
        octets: batch.octets)
      observe(state, player: player, into: &writer)
    }
    return false
  }
}
