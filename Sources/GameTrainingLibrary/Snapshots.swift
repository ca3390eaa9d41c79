import GameCore
import GameTraining

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The snapshots given out, by number: like handles, a C caller holds a number and never a
/// pointer, so a freed or forged snapshot is an error, never a dangling pointer.
///
/// Numbers count up from ``firstID`` and are never given twice in a process, so a freed
/// snapshot's number stays freed (freeing it again is fine; restoring it is an error that
/// says so), and they start far above the handles' so one mistaken for the other is unknown.
final class SnapshotTable: @unchecked Sendable {
  /// One snapshot, and its saved bytes once a caller asked for them and until it took them.
  final class Entry: @unchecked Sendable {
    let snapshot: any AnyTrainingSnapshot
    var saved: [UInt8]?
    init(_ snapshot: any AnyTrainingSnapshot) { self.snapshot = snapshot }
  }

  /// What a number names.
  enum Lookup {
    case found(Entry)
    case freed
    case unknown
  }

  static let firstID: Int64 = 1 << 40
  private var entries: [Int64: Entry] = [:]
  private var next: Int64 = firstID
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init() { pthread_mutex_init(lock, nil) }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return body()
  }

  /// Keeps `snapshot` and returns its number.
  func insert(_ snapshot: any AnyTrainingSnapshot) -> Int64 {
    let entry = Entry(snapshot)
    return locked {
      let id = next
      next += 1
      entries[id] = entry
      return id
    }
  }

  func lookup(_ id: Int64) -> Lookup {
    locked {
      if let entry = entries[id] { return .found(entry) }
      return (Self.firstID..<next).contains(id) ? .freed : .unknown
    }
  }

  /// Forgets snapshot `id`; false when no snapshot ever had that number.
  func remove(_ id: Int64) -> Bool {
    locked {
      entries.removeValue(forKey: id)
      return (Self.firstID..<next).contains(id)
    }
  }

  /// Runs `body` on the entry's saved bytes with the table locked.
  func withSaved<T>(_ entry: Entry, _ body: (inout [UInt8]?) -> T) -> T {
    locked { body(&entry.saved) }
  }

  /// Snapshots alive.
  var count: Int { locked { entries.count } }

  /// Runs `body` with snapshot `id`, or answers `badHandle` saying why there is none.
  func with(
    _ id: Int64, _ error: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ body: (Entry) -> Int32
  ) -> Int32 {
    switch lookup(id) {
    case .found(let entry): return body(entry)
    case .freed:
      return fail(.badHandle, "snapshot \(id) was freed (lockstep_snapshot_free)", error, capacity)
    case .unknown:
      return fail(.badHandle, "snapshot \(id) is not one this library gave out", error, capacity)
    }
  }
}

let snapshotTable = SnapshotTable()
