import GameCore

/// How a handle's pixel observations are made and its actions applied
/// (`lockstep_set_pixel_pipeline`): the frame size and region, the frame stack, max-pooling over a
/// repeated step's last two ticks, and sticky actions; and the buffers these need, which it
/// owns.
///
/// Sticky actions (Machado et al., 2018, "Revisiting the Arcade Learning Environment"): with
/// probability p each agent's previous action is applied again instead of its new one. The
/// draws come from a ``SplitMix64`` per environment seeded from the seed of its reset, so
/// runs are reproducible; the batch records the actions applied, so replays verify. One draw
/// an agent a step: with an action repeat the choice holds for the whole step (a replay
/// stores one input a step), where ALE draws each frame.
final class PixelPipeline: @unchecked Sendable {
  let height: Int
  let width: Int
  /// The part of the frame drawn (x, y, width, height in frame pixels); nil: all of it.
  let region: (x: Int, y: Int, width: Int, height: Int)?
  let frameStack: Int
  let maxPool: Bool
  /// An agent keeps its previous action when a draw's top 32 bits are below this: 0 never,
  /// 2^32 always.
  let stickyThreshold: UInt64
  let count: Int
  let players: Int
  /// The frame before each environment's last tick, `[count][height][width]` (max-pooling).
  let pooled: UnsafeMutablePointer<UInt8>
  /// 1 where `pooled` holds a frame of the current step.
  let poolDrawn: UnsafeMutablePointer<UInt8>
  /// 1 for environments the coming step begins anew (next-step autoreset): their stack is
  /// filled with the new episode's first frame.
  let fresh: UnsafeMutablePointer<UInt8>
  /// Each environment's sticky-action generator.
  let generators: UnsafeMutablePointer<SplitMix64>
  /// The generators as they would be after a step that is not refused.
  let nextGenerators: UnsafeMutablePointer<SplitMix64>
  /// Each agent's last applied action (0 at an episode's start), `[count][players]`.
  let previous: UnsafeMutablePointer<Int32>
  /// The actions a step applies, `[count][players]`.
  let applied: UnsafeMutablePointer<Int32>

  /// The stream of the sticky-action generators: independent of the game's own.
  static let stickyStream: UInt64 = 0x5354_4943_4B59

  init(
    count: Int, players: Int, height: Int = 84, width: Int = 84,
    region: (x: Int, y: Int, width: Int, height: Int)? = nil, frameStack: Int = 1,
    maxPool: Bool = false, stickyActions: Double = 0
  ) {
    self.count = count
    self.players = players
    self.height = height
    self.width = width
    self.region = region
    self.frameStack = frameStack
    self.maxPool = maxPool
    // p × 2^32, exact for the probabilities people write (0.25) and monotone in p.
    stickyThreshold = UInt64((stickyActions * 4_294_967_296).rounded(.down))
    let pooledBytes = maxPool ? count * height * width : 1
    pooled = .allocate(capacity: pooledBytes)
    pooled.initialize(repeating: 0, count: pooledBytes)
    poolDrawn = .allocate(capacity: count)
    poolDrawn.initialize(repeating: 0, count: count)
    fresh = .allocate(capacity: count)
    fresh.initialize(repeating: 0, count: count)
    generators = .allocate(capacity: count)
    generators.initialize(repeating: SplitMix64(rawState: 0), count: count)
    nextGenerators = .allocate(capacity: count)
    nextGenerators.initialize(repeating: SplitMix64(rawState: 0), count: count)
    previous = .allocate(capacity: count * players)
    previous.initialize(repeating: 0, count: count * players)
    applied = .allocate(capacity: count * players)
    applied.initialize(repeating: 0, count: count * players)
  }

  deinit {
    for pointer in [pooled, poolDrawn, fresh] { pointer.deallocate() }
    generators.deallocate()
    nextGenerators.deallocate()
    previous.deallocate()
    applied.deallocate()
  }

  /// Bytes in one frame.
  var frameBytes: Int { height * width }

  /// Whether actions stick at all.
  var isSticky: Bool { stickyThreshold > 0 }

  /// The rasters' key for `id` at this pipeline's size and region.
  func rasterKey(_ id: String) -> String {
    Self.rasterKey(id, width: width, height: height, region: region)
  }

  static func rasterKey(
    _ id: String, width: Int, height: Int, region: (x: Int, y: Int, width: Int, height: Int)?
  ) -> String {
    let shown = region.map { "\($0.x),\($0.y),\($0.width)x\($0.height)" } ?? "frame"
    return "\(id) \(width)x\(height) \(shown)"
  }

  /// A reset from `seeds`: generators seeded, previous actions cleared, no pooled frames.
  func reset(seeds: UnsafePointer<UInt64>) {
    for index in 0..<count {
      generators[index] = SplitMix64(seed: seeds[index], stream: Self.stickyStream)
      fresh[index] = 0
      poolDrawn[index] = 0
    }
    previous.update(repeating: 0, count: count * players)
  }

  /// Marks the environments a step begins anew: those whose episode ended in the last step
  /// (`ended` their flags), under next-step autoreset.
  func markFresh(terminated: UnsafePointer<UInt8>, truncated: UnsafePointer<UInt8>) {
    for index in 0..<count { fresh[index] = (terminated[index] | truncated[index]) & 1 }
  }

  /// The actions a step applies: each agent's `actions` value, or with the sticky
  /// probability its previous one (an action out of `actionCounts` is left for the batch to
  /// refuse). Commit with ``commit(nextStep:)`` once the step succeeded.
  func stick(_ actions: UnsafePointer<Int32>, actionCounts: [Int]) -> UnsafePointer<Int32> {
    let threshold = stickyThreshold
    for index in 0..<count {
      var generator = generators[index]
      for player in 0..<players {
        let slot = index * players + player
        let action = actions[slot]
        let keeps = generator.next() >> 32 < threshold
        let valid = action >= 0 && Int(action) < actionCounts[player]
        // An episode's first step has no previous action to keep but "none" (0).
        let before = fresh[index] != 0 ? 0 : previous[slot]
        applied[slot] = keeps && valid ? before : action
      }
      nextGenerators[index] = generator
    }
    return UnsafePointer(applied)
  }

  /// After a step that was not refused: the draws spent, the applied actions remembered
  /// (cleared where, under next-step autoreset, the step only began an episode).
  func commit(nextStep: Bool) {
    generators.update(from: nextGenerators, count: count)
    for index in 0..<count {
      for player in 0..<players {
        let slot = index * players + player
        previous[slot] = nextStep && fresh[index] != 0 ? 0 : applied[slot]
      }
    }
  }
}
