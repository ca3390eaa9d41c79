import GameCore
import GameScene
import GameTraining

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One batch a C caller holds: the batch, its worker pool, the buffers it writes.
final class Handle: @unchecked Sendable {
  let game: any TrainableGame.Type
  let batch: any AnyTrainingBatch
  let workers: TrainingWorkers
  var buffers: TrainingBuffers?
  /// Where pixel observations go, when the caller asked for them (`lockstep_set_pixels`).
  var pixels: UnsafeMutablePointer<UInt8>?
  /// How pixels are drawn and actions applied (`lockstep_set_pixel_pipeline`).
  var pipeline: PixelPipeline
  /// Each agent's axis values, when the caller sets them (`lockstep_set_axes`).
  var axes: UnsafePointer<Int32>?
  /// Each agent's counters, and each ended episode's returns and length, when the caller
  /// reads them (`lockstep_set_info`).
  var info:
    (
      counters: UnsafeMutablePointer<Int64>, returns: UnsafeMutablePointer<Double>,
      lengths: UnsafeMutablePointer<Int32>, ended: UnsafeMutablePointer<Int64>
    )?
  /// Draws frames for `lockstep_render`, made on first use.
  var colorRaster: ColorRaster?
  /// The last state `lockstep_save_state` made, until `lockstep_take_saved` copies it out.
  var saved: [UInt8] = []
  /// Serialises calls on one handle: a caller that shares it between threads gets its calls
  /// one after the other, never interleaved.
  let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(game: any TrainableGame.Type, batch: any AnyTrainingBatch, workers: TrainingWorkers) {
    self.game = game
    self.batch = batch
    self.workers = workers
    pipeline = PixelPipeline(count: batch.count, players: batch.agentCount)
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// `buffers` with the info buffers `lockstep_set_info` handed over, if any.
  func withInfo(_ buffers: TrainingBuffers) -> TrainingBuffers {
    guard let info else { return buffers }
    var buffers = buffers
    buffers.counters = info.counters
    buffers.episodeReturns = info.returns
    buffers.episodeLengths = info.lengths
    buffers.episodesEnded = info.ended
    return buffers
  }

  /// The buffers `lockstep_set_buffers` handed over, or a `badOrder` refusal of `call` ("step")
  /// made before.
  func buffers(for call: String) throws(Refusal) -> TrainingBuffers {
    guard let buffers else {
      throw Refusal(.badOrder, "\(call) before the buffers were handed over (lockstep_set_buffers)")
    }
    return buffers
  }
}

/// The handles given out, by number: a C caller holds a number, never a pointer, so a
/// closed, forged or twice-closed handle is an error and never a dangling pointer.
final class HandleTable: @unchecked Sendable {
  private var handles: [Int64: Handle] = [:]
  private var next: Int64 = 1
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(lock, nil) }

  func insert(_ handle: Handle) -> Int64 {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    let id = next
    next += 1
    handles[id] = handle
    return id
  }

  func remove(_ id: Int64) -> Handle? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return handles.removeValue(forKey: id)
  }

  /// Runs `body` with handle `id` locked, or answers `badHandle`.
  func with(
    _ id: Int64, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ body: (Handle) -> Int32
  ) -> Int32 {
    pthread_mutex_lock(lock)
    let handle = handles[id]
    pthread_mutex_unlock(lock)
    guard let handle else {
      return fail(
        .badHandle, "environment handle \(id) is not open (closed, or never opened)", error,
        capacity)
    }
    pthread_mutex_lock(handle.lock)
    defer { pthread_mutex_unlock(handle.lock) }
    return body(handle)
  }

  /// Runs the body of entry point `call` with handle `id` locked and answers its status (see
  /// ``answer(_:_:_:_:)``), or `badHandle`.
  func call(
    _ id: Int64, _ call: String?, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ body: (Handle) throws -> Void
  ) -> Int32 {
    with(id, error, capacity) { handle in answer(call, error, capacity) { try body(handle) } }
  }
}

let handleTable = HandleTable()
