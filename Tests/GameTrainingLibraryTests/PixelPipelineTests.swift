import AsteroidsGame
import BlocksGame
import GameCore
import LockstepGames
import PongGame
import Testing

@testable import GameScene
@testable import GameTraining
@testable import GameTrainingLibrary

/// The pixel pipeline inside the batch: frame stacks oldest first and filled by a reset,
/// max-pooling over a repeated step's last two ticks, sticky actions reproducible per seed
/// whose replays verify, frames of any size, and the refusals of bad options.
@Suite struct PixelPipelineTests {
  /// A batch of Asteroids through the C ABI, with its buffers.
  final class Env {
    let handle: Int64
    let count: Int
    var observations: [Float]
    var rewards: [Float]
    var terminated: [UInt8]
    var truncated: [UInt8]
    var pixels: [UInt8]

    init(
      _ game: String = "asteroids", count: Int = 2, actionRepeat: Int32 = 1, timeLimit: Int64 = 0,
      stack: Int32 = 1,
      maxPool: Bool = false, sticky: Double = 0, size: (Int32, Int32) = (84, 84),
      region: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0), pixels: Bool = true
    ) {
      lockstep_register()
      var handle: Int64 = 0
      let made = lockstep_create(
        game, Int64(count), 1, actionRepeat, timeLimit, 0, 1, 2, nil, nil, &handle, nil, 0)
      precondition(made == 0)
      self.handle = handle
      self.count = count
      let features = [
        "pong": Pong.observationFeatures.count, "blocks": Blocks.observationFeatures.count,
      ][game, default: Asteroids.observationFeatures.count]
      observations = [Float](repeating: 0, count: count * features)
      rewards = [Float](repeating: 0, count: count)
      terminated = [UInt8](repeating: 0, count: count)
      truncated = [UInt8](repeating: 0, count: count)
      let frame = Int(size.0 * size.1)
      self.pixels = [UInt8](repeating: 0, count: pixels ? count * Int(stack) * frame : 0)
      if stack != 1 || maxPool || sticky != 0 || size != (84, 84) || region != (0, 0, 0, 0) {
        let set = lockstep_set_pixel_pipeline(
          handle, size.0, size.1, region.0, region.1, region.2, region.3, stack, maxPool ? 1 : 0,
          sticky, nil, 0)
        precondition(set == 0)
      }
      let handed = lockstep_set_buffers(
        handle, &observations, Int64(observations.count), &rewards, Int64(count), &terminated,
        Int64(count), &truncated, Int64(count), nil, 0, nil, 0)
      precondition(handed == 0)
      if pixels {
        let set = lockstep_set_pixels(handle, &self.pixels, Int64(self.pixels.count), nil, 0)
        precondition(set == 0)
      }
    }

    deinit { _ = lockstep_close(handle, nil, 0) }

    func reset(_ seeds: [UInt64]) {
      var seeds = seeds
      #expect(lockstep_reset(handle, &seeds, Int64(count), nil, 0) == 0)
    }

    func step(_ actions: [Int32]) {
      var actions = actions
      #expect(lockstep_step(handle, &actions, Int64(count), nil, 0) == 0)
    }

    func frame(_ index: Int, slot: Int, of stack: Int, bytes: Int = 7_056) -> [UInt8] {
      let start = (index * stack + slot) * bytes
      return Array(pixels[start..<start + bytes])
    }

    func hash(_ index: Int) -> UInt64 {
      var hash: UInt64 = 0
      #expect(lockstep_state_hash(handle, Int64(index), &hash, nil, 0) == 0)
      return hash
    }
  }

  @Test func theStackHoldsTheLastFramesOldestFirstAndAResetFillsItWithTheFirst() {
    let plain = Env(timeLimit: 6)
    let stacked = Env(timeLimit: 6, stack: 3)
    plain.reset([5, 6])
    stacked.reset([5, 6])
    var history: [[[UInt8]]] = [(0..<2).map { plain.frame($0, slot: 0, of: 1) }]
    for slot in 0..<3 {
      for index in 0..<2 { #expect(stacked.frame(index, slot: slot, of: 3) == history[0][index]) }
    }
    for step in 1...9 {
      let actions: [Int32] = [Int32(step % 4), 2]
      plain.step(actions)
      stacked.step(actions)
      history.append((0..<2).map { plain.frame($0, slot: 0, of: 1) })
      // Six steps truncate the episode; the seventh begins the next, whose stack is full of
      // its first frame.
      let start = step >= 7 ? 7 : 0
      for index in 0..<2 {
        for slot in 0..<3 {
          let expected = history[max(start, step - 2 + slot)][index]
          #expect(
            stacked.frame(index, slot: slot, of: 3) == expected,
            "step \(step), environment \(index), slot \(slot)")
        }
      }
    }
    // The test can fail: frames of different steps differ.
    #expect(history[1][0] != history[5][0])
  }

  @Test func aPooledFrameIsTheMaximumOfTheRepeatsLastTwoTicksFrames() {
    let ticks = Env(actionRepeat: 1)
    let pooled = Env(actionRepeat: 4, maxPool: true)
    ticks.reset([11, 12])
    pooled.reset([11, 12])
    var differs = false
    for step in 0..<12 {
      let actions: [Int32] = [Int32(step % 5), 3]
      var last: [[UInt8]] = []
      for tick in 0..<4 {
        ticks.step(actions)
        if tick == 2 { last = (0..<2).map { ticks.frame($0, slot: 0, of: 1) } }
      }
      pooled.step(actions)
      for index in 0..<2 {
        #expect(pooled.hash(index) == ticks.hash(index))
        let newest = ticks.frame(index, slot: 0, of: 1)
        let expected = zip(last[index], newest).map { max($0, $1) }
        #expect(pooled.frame(index, slot: 0, of: 1) == expected, "step \(step) env \(index)")
        differs = differs || expected != newest
      }
    }
    #expect(differs, "pooling never changed a frame: the test could not fail")
  }

  @Test func stickyActionsAreTheSameForTheSameSeedsAndTheirReplaysVerify() throws {
    func run(_ sticky: Double, seeds: [UInt64]) -> Env {
      let env = Env(count: 3, sticky: sticky, pixels: false)
      env.reset(seeds)
      for step in 0..<200 { env.step([Int32(step % 7), Int32(step % 3), Int32(step % 11 % 8)]) }
      return env
    }
    let first = run(0.5, seeds: [1, 2, 3])
    let again = run(0.5, seeds: [1, 2, 3])
    let plain = run(0, seeds: [1, 2, 3])
    let always = run(1, seeds: [1, 2, 3])
    let idle = Env(count: 3, pixels: false)
    idle.reset([1, 2, 3])
    for _ in 0..<200 { idle.step([0, 0, 0]) }
    for index in 0..<3 {
      #expect(first.hash(index) == again.hash(index))
      #expect(first.hash(index) != plain.hash(index), "sticky actions changed nothing")
      // Always sticky: the episode's first action ("none") is kept for ever.
      #expect(always.hash(index) == idle.hash(index))
    }
    _ = handleTable.with(first.handle, nil, 0) { h in
      guard let batch = h.batch as? TrainingBatch<Asteroids> else { return 1 }
      for index in 0..<3 {
        let sink = MemoryReplaySink()
        guard let hash = try? batch.record(index, to: sink),
          let outcome = try? ReplayPlayer<Simulation<Asteroids>>.play(sink.bytes, verify: true)
        else {
          Issue.record("environment \(index)'s replay could not be written or played")
          continue
        }
        #expect(outcome.verified && outcome.finalHash == hash)
      }
      return 0
    }
  }

  @Test func framesOfAnotherSizeAreTheRasterOfThatSize() throws {
    let env = Env(size: (48, 64))
    env.reset([3, 4])
    for _ in 0..<30 { env.step([1, 2]) }
    let raster = try raster(for: Asteroids.self, width: 64, height: 48)
    _ = handleTable.with(env.handle, nil, 0) { h in
      guard let batch = h.batch as? any StateReading<Asteroids.State> else { return 1 }
      for index in 0..<2 {
        var expected = [UInt8](repeating: 0, count: 48 * 64)
        expected.withUnsafeMutableBufferPointer {
          raster.draw(Asteroids.scene(of: batch.stateNow(index)), into: $0.baseAddress!)
        }
        #expect(env.frame(index, slot: 0, of: 1, bytes: 48 * 64) == expected)
      }
      return 0
    }
  }

  @Test(arguments: ["pong", "asteroids", "blocks"])
  func aRegionIsTheCropOfTheWholeFrameDrawnLarger(game: String) throws {
    // The region's pixels are the boxes of a whole frame of twice the size, at an offset.
    let env = Env(game, region: (320, 180, 640, 360))
    let whole = Env(game, size: (168, 168))
    env.reset([8, 9])
    whole.reset([8, 9])
    for _ in 0..<40 {
      env.step([2, 1])
      whole.step([2, 1])
    }
    var shown = false
    for index in 0..<2 {
      let region = env.frame(index, slot: 0, of: 1)
      let large = whole.frame(index, slot: 0, of: 1, bytes: 168 * 168)
      var difference = 0
      for row in 0..<84 {
        for column in 0..<84 {
          let cropped = Int(large[(row + 42) * 168 + column + 42])
          difference += abs(Int(region[row * 84 + column]) - cropped)
        }
      }
      #expect(Double(difference) / 7_056 < 0.5, "\(game) \(index): \(difference)")
      shown = shown || region.contains { $0 != region[0] }
    }
    #expect(shown, "the region showed nothing: the test could not fail")
  }

  func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  @Test func badOptionsAndLateCallsAreRefusedWithAReason() {
    let env = Env(pixels: false)
    let regions: [(Int32, Int32, Int32, Int32)] = [
      (-1, 0, 100, 100), (0, 0, 1_281, 720), (1_200, 0, 100, 100), (0, 700, 100, 21),
      (0, 0, 0, 100), (10, 10, 0, 0),
    ]
    for (x, y, width, height) in regions {
      var buffer = [CChar](repeating: 0, count: 200)
      let status = lockstep_set_pixel_pipeline(
        env.handle, 84, 84, x, y, width, height, 1, 0, 0, &buffer, 200)
      #expect(status == Status.badArgument.rawValue)
      #expect(text(buffer).contains("inside the 1280 × 720 frame"))
    }
    let cases: [(Int32, Int32, Int32, Int32, Double)] = [
      (0, 84, 1, 0, 0), (84, 2_000, 1, 0, 0), (84, 84, 0, 0, 0), (84, 84, 65, 0, 0),
      (84, 84, 1, 2, 0), (84, 84, 1, 0, -0.1), (84, 84, 1, 0, 1.5), (84, 84, 1, 0, .nan),
    ]
    for (height, width, stack, pool, sticky) in cases {
      var buffer = [CChar](repeating: 0, count: 200)
      let status = lockstep_set_pixel_pipeline(
        env.handle, height, width, 0, 0, 0, 0, stack, pool, sticky, &buffer, 200)
      #expect(status == Status.badArgument.rawValue)
      #expect(!text(buffer).isEmpty)
    }
    env.reset([1, 2])
    var buffer = [CChar](repeating: 0, count: 200)
    let late = lockstep_set_pixel_pipeline(env.handle, 84, 84, 0, 0, 0, 0, 4, 0, 0, &buffer, 200)
    #expect(late == Status.badOrder.rawValue)
    #expect(text(buffer).contains("before the first reset"))
    // A stack of 4 needs four frames' bytes an environment.
    let stacked = Env(stack: 4, pixels: false)
    var small = [UInt8](repeating: 0, count: 2 * 7_056)
    #expect(lockstep_set_pixels(stacked.handle, &small, Int64(small.count), nil, 0) == 1)
  }
}
