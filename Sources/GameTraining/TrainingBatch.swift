import GameCore

/// A batch of environments of one game: reset with seeds, stepped all at once, results
/// written into the caller's buffers.
///
/// Each environment's state lives in memory the batch owns, so a step allocates nothing
/// (each episode's input history grows by doubling and keeps its capacity from one episode
/// to the next). Environments are independent: a ``TrainingWorkers`` pool steps slices of
/// the batch on several threads, and the results are the same bits for any number of
/// workers. ``AnyTrainingBatch`` is the same batch for callers that know the game only by
/// its id.
///
/// ```swift
/// let batch = try TrainingBatch<Pong>(count: 1_024, configuration: .init())
/// try batch.reset(seeds: seeds, buffers: buffers, workers: nil)
/// try batch.step(actions: actions, buffers: buffers, workers: pool)
/// ```
public final class TrainingBatch<G: TrainableGame>: @unchecked Sendable {
  /// Environments in the batch.
  public let count: Int
  /// Agents, action repeat, time limit, autoreset.
  public let configuration: TrainingConfiguration
  /// The game's settings for this many agents (``TrainableGame/trainingSettings(players:)``).
  public let settings: G.Settings
  /// Steps after which an episode is truncated.
  public let timeLimit: Int
  /// Each agent's number of choices.
  public let actionCounts: [Int]
  /// Each agent's axes: the game's axes of its player (agent 0 is player 1), as indices of
  /// `input[axis:]`, in the game's order.
  public let agentAxes: [[Int]]
  /// Axis values an agent has in an axes buffer (``TrainingBuffers/axes``): the most axes
  /// an agent has; 0 for a game without axes.
  public let axisSlots: Int
  /// Counters each agent reports (``TrainableGame/trainingCounters``).
  public let counterCount: Int
  /// The index among them of the counter whose change is the reward.
  public let rewardCounter: Int

  @usableFromInline let players: Int
  @usableFromInline let featureCount: Int
  @usableFromInline let actionRepeat: Int
  @usableFromInline let autoreset: AutoresetMode
  @usableFromInline let keepsHistory: Bool
  @usableFromInline let startInputs: [TickInput]
  /// Player `p`'s action `a` is `inputTable[p * maxActions + a]`.
  @usableFromInline let inputTable: UnsafeMutablePointer<TickInput>
  @usableFromInline let maxActions: Int
  /// Agent `p`'s axis value `s` sets axis `axisTable[p * axisSlots + s]` (-1: none).
  @usableFromInline let axisTable: UnsafeMutablePointer<Int>
  @usableFromInline let states: UnsafeMutablePointer<G.State>
  @usableFromInline let episodes: UnsafeMutablePointer<TrainingEpisode>
  /// Each episode's inputs, when the batch keeps history.
  @usableFromInline let logs: UnsafeMutablePointer<InputLog>
  /// The last few steps' inputs, on their way to `logs`.
  @usableFromInline var journal: InputJournal
  /// Each agent's reward counter after the last step: rewards are its changes.
  @usableFromInline let scores: UnsafeMutablePointer<Int>
  /// Each agent's reward counter when its episode started: an episode's return is the
  /// counter's change since.
  @usableFromInline let startScores: UnsafeMutablePointer<Int>
  /// Each agent's counters, `[count][players][counterCount]`, where a caller hands no buffer
  /// of its own (``TrainingBuffers/counters``).
  @usableFromInline let counterRows: UnsafeMutablePointer<Int64>
  @usableFromInline let game = G()
  /// The observation writers' table, read once (see ``ObservationWriter``).
  @usableFromInline let octets = flagOctets
  /// Called in a step with each environment's index and state just before the last tick of
  /// its action repeat (never with no repeat, nor when the game ended earlier): the pixel
  /// pipeline draws that frame there to max-pool it with the step's last one. Called on the
  /// worker stepping that environment, so it must only touch that environment's data.
  public var beforeLastTick: (@Sendable (Int, G.State) -> Void)?
  /// False until the first reset: a step before it is refused.
  public internal(set) var isReset = false

  /// `count` environments of `G` under `configuration`, not reset yet.
  public init(count: Int, configuration: TrainingConfiguration) throws(TrainingError) {
    guard (1...TrainingConfiguration.maxCount).contains(count) else {
      throw .badConfiguration(
        "the number of environments must be 1...\(TrainingConfiguration.maxCount), not \(count)")
    }
    guard G.trainingPlayers.contains(configuration.players) else {
      throw .badConfiguration(
        "\(G.id) is played by \(G.trainingPlayers.map(String.init).joined(separator: " or "))"
          + " agents, not \(configuration.players)")
    }
    guard (1...TrainingConfiguration.maxActionRepeat).contains(configuration.actionRepeat)
    else {
      throw .badConfiguration(
        "action repeat must be 1...\(TrainingConfiguration.maxActionRepeat), "
          + "not \(configuration.actionRepeat)")
    }
    let limit = configuration.timeLimit ?? G.timeLimit
    guard (1...100_000_000).contains(limit) else {
      throw .badConfiguration("the time limit must be 1...100000000 steps, not \(limit)")
    }
    let reward = configuration.reward ?? G.defaultReward(players: configuration.players)
    rewardCounter = try G.rewardCounter(named: reward)
    counterCount = G.trainingCounters.count
    var settings = G.trainingSettings(players: configuration.players)
    for setting in configuration.settings {
      do { try settings.set(setting.name, to: setting.value) } catch {
        throw .badConfiguration("\(error)")
      }
    }
    self.count = count
    self.configuration = configuration
    self.settings = settings
    self.timeLimit = limit
    players = configuration.players
    featureCount = G.featureCount
    actionRepeat = configuration.actionRepeat
    autoreset = configuration.autoreset
    keepsHistory = configuration.keepsHistory
    startInputs = G.startInputs(players: players)
    let tables = (0..<players).map { G.actions(forPlayer: $0).map(\.input) }
    actionCounts = tables.map(\.count)
    maxActions = actionCounts.max() ?? 0
    inputTable = .allocate(capacity: max(1, players * maxActions))
    inputTable.initialize(repeating: [], count: max(1, players * maxActions))
    for (player, table) in tables.enumerated() {
      for (index, input) in table.enumerated() { inputTable[player * maxActions + index] = input }
    }
    let layout = G.buttons.axes
    agentAxes = (0..<players).map { player in
      layout.indices.filter { layout[$0].player == player + 1 }
    }
    axisSlots = agentAxes.map(\.count).max() ?? 0
    axisTable = .allocate(capacity: max(1, players * axisSlots))
    axisTable.initialize(repeating: -1, count: max(1, players * axisSlots))
    for (player, axes) in agentAxes.enumerated() {
      for (slot, axis) in axes.enumerated() { axisTable[player * axisSlots + slot] = axis }
    }
    states = .allocate(capacity: count)
    states.initialize(repeating: G.initialState(seed: 0, settings: settings), count: count)
    episodes = .allocate(capacity: count)
    episodes.initialize(repeating: TrainingEpisode(), count: count)
    logs = .allocate(capacity: count)
    logs.initialize(repeating: InputLog(), count: count)
    // Choices without axis values keep the history as buttons alone (4 bytes a step) until a
    // step brings axis values of its own (``TrainingBuffers/axes``).
    let axes = tables.joined().contains(where: \.hasAxisValues)
    journal = InputJournal(count: count, keepsHistory: configuration.keepsHistory, axes: axes)
    scores = .allocate(capacity: count * players)
    scores.initialize(repeating: 0, count: count * players)
    startScores = .allocate(capacity: count * players)
    startScores.initialize(repeating: 0, count: count * players)
    counterRows = .allocate(capacity: count * players * counterCount)
    counterRows.initialize(repeating: 0, count: count * players * counterCount)
  }

  deinit {
    states.deinitialize(count: count).deallocate()
    episodes.deinitialize(count: count).deallocate()
    for index in 0..<count { logs[index].free() }
    logs.deinitialize(count: count).deallocate()
    journal.free()
    scores.deallocate()
    startScores.deallocate()
    counterRows.deallocate()
    inputTable.deallocate()
    axisTable.deallocate()
  }

  /// Environment `index`'s state now.
  public func state(_ index: Int) -> G.State { states[index] }

  /// Environment `index`'s episode bookkeeping.
  public func episode(_ index: Int) -> TrainingEpisode { episodes[index] }

  /// Environment `index`'s inputs of the episode so far, one per step (empty without
  /// history).
  public func inputs(_ index: Int) -> [TickInput] {
    journal.flush(index, into: &logs[index])
    return logs[index].inputs
  }

  /// Starts environment `index`'s episode from `seed`: the game's first state for the
  /// batch's settings, then the game's start inputs; writes its counters into `counters`
  /// (`[count][players][c]`, the caller's or the batch's own).
  @inlinable
  func begin(_ index: Int, seed: UInt64, counters: UnsafeMutablePointer<Int64>?) {
    states[index] = G.initialState(seed: seed, settings: settings)
    for input in startInputs {
      _ = game.reduce(into: &states[index], action: .tick(input), environment: ())
    }
    episodes[index].seed = seed
    episodes[index].seeds = TrainingEpisode.seeds(after: seed)
    episodes[index].steps = 0
    episodes[index].lastTicks = 0
    episodes[index].hasEnded = false
    logs[index].removeAll()
    journal.begin(index)
    count(index, into: counters ?? counterRows)
    for player in 0..<players {
      startScores[index * players + player] = scores[index * players + player]
    }
  }

  /// Writes every agent's counters of environment `index` into `rows` (`[count][players][c]`)
  /// and keeps each agent's reward counter as the one its next reward counts from.
  @inlinable
  func count(_ index: Int, into rows: UnsafeMutablePointer<Int64>) {
    for player in 0..<players {
      let slot = index &* players &+ player
      var writer = CounterWriter(rows + slot &* counterCount)
      G.counters(of: states[index], player: player, into: &writer)
      scores[slot] = Int(rows[slot &* counterCount &+ rewardCounter])
    }
  }

  /// Writes environment `index`'s episode record, which has just ended after `steps` steps,
  /// into the buffers that take one: each agent's return and the length.
  @inlinable
  func recordEnd(_ index: Int, steps: Int, buffers: TrainingBuffers) {
    if let returns = buffers.episodeReturns {
      for player in 0..<players {
        let slot = index &* players &+ player
        returns[slot] = Double(scores[slot] &- startScores[slot])
      }
    }
    buffers.episodeLengths?[index] = Int32(clamping: steps)
  }

  /// Writes every agent's observation of environment `index` at `base` (`[players][f]`).
  @inlinable
  func observe(_ index: Int, into base: UnsafeMutablePointer<Float>) {
    for player in 0..<players {
      var writer = ObservationWriter(
        base + (index * players + player) * featureCount, octets: octets)
      G.observe(states[index], player: player, into: &writer)
      assert(writer.count == featureCount, "\(G.id) wrote \(writer.count) features")
    }
  }
}

@available(*, deprecated, renamed: "TrainingBatch")
public typealias EnvironmentBatch<G: TrainableGame> = TrainingBatch<G>
