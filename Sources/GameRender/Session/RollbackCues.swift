/// The one-shot sounds of ticks that can be run again: each cue is heard once, however many
/// times a rollback re-simulates the ticks that name it.
///
/// A networked match shows the game run ahead on predicted inputs; when a peer's real input
/// differs, the game goes back to an older tick and runs the ticks since again. A game names
/// its cues from its state (``PlayableGame/sounds(of:)``), so the ticks run again name their
/// cues again: played as they come, a hit predicted and confirmed would sound twice, and so
/// would one the correction moved a tick later.
///
/// The rule: this keeps, for each recent tick, the cues heard for it. The ticks seen since the
/// last ``take()`` (a rollback's ticks run again, and the new one) are compared, as a whole,
/// with what was heard for those same ticks, and only the cues beyond those heard play: a cue
/// the correction brought in plays once, late; one it only moved plays not at all; one it took
/// away stays heard (a sound cannot be taken back, and must not play again if a later
/// correction brings it back).
///
/// ```swift
/// var cues = RollbackCues()
/// cues.saw(tick: 10, oneShots: ["hit"])     // predicted
/// cues.take()                               // ["hit"]
/// cues.saw(tick: 9, oneShots: [])           // a rollback restores tick 9...
/// cues.saw(tick: 10, oneShots: [])          // ...the hit is a tick later now...
/// cues.saw(tick: 11, oneShots: ["hit"])     // ...on the new tick
/// cues.take()                               // []: heard already
/// ```
package struct RollbackCues: Equatable, Sendable {
  /// Ticks of history kept behind the newest: more than a rollback reaches (a prediction
  /// window of at most 32 ticks, an input delay of at most 16).
  package static let keptTicks = 64

  /// The cues heard for each recent tick, oldest first.
  private var heard: [Entry] = []
  /// The states seen since the last ``take()``, in order, as their ticks and cues.
  private var seen: [Entry] = []

  struct Entry: Equatable, Sendable {
    var tick: Int
    var names: [String]
  }

  package init() {}

  /// A state of tick `tick` was reached (run for the first time, run again, or restored),
  /// naming `oneShots`.
  package mutating func saw(tick: Int, oneShots: [String]) {
    seen.append(Entry(tick: tick, names: oneShots))
  }

  /// The cues to play now, in tick order: those of the ticks seen since the last call beyond
  /// the ones already heard for those ticks. They count as heard from now on.
  package mutating func take() -> [String] {
    guard !seen.isEmpty else { return [] }
    // The latest word on each tick: a tick seen twice was run again.
    var corrected: [Entry] = []
    for entry in seen {
      corrected.removeAll { $0.tick == entry.tick }
      corrected.append(entry)
    }
    corrected.sort { $0.tick < $1.tick }
    seen.removeAll()
    let ticks = Set(corrected.map(\.tick))
    let before = heard.filter { ticks.contains($0.tick) }
    var owed: [String: Int] = [:]
    for entry in before {
      for name in entry.names { owed[name, default: 0] += 1 }
    }
    var play: [String] = []
    for entry in corrected {
      for name in entry.names {
        if let count = owed[name], count > 0 {
          owed[name] = count - 1
        } else {
          play.append(name)
        }
      }
    }
    // What was heard and the correction took away stays heard, on its tick.
    var kept = corrected
    for entry in before {
      for name in entry.names {
        guard let count = owed[name], count > 0 else { continue }
        owed[name] = count - 1
        if let index = kept.firstIndex(where: { $0.tick == entry.tick }) {
          kept[index].names.append(name)
        }
      }
    }
    heard.removeAll { ticks.contains($0.tick) }
    heard += kept
    heard.sort { $0.tick < $1.tick }
    if let newest = heard.last?.tick {
      heard.removeAll { $0.tick < newest - Self.keptTicks }
    }
    return play
  }
}
