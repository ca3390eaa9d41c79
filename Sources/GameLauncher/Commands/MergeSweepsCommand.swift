import ArgumentParser
import Foundation
import GameCore
import GameRender

/// `GameApp merge-sweeps SHARD...`: the `--json` outputs of a sweep's shards (a scheduler's job
/// array, `sweep --shard i/n`) merged into exactly what one machine's sweep of the whole range
/// prints: every game's line in seed order, then the summary of them all (``SweepMerge``).
struct MergeSweepsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-sweeps",
    abstract: "Merge the --json outputs of a sweep's shards into the output of the whole sweep.",
    discussion: """
      Each file is the output of `sweep ... --shard i/n --json`. The merged output is \
      byte-identical to `sweep ... --json` over the whole range on one machine, or nothing is \
      printed: a shard missing, given twice, cut short, edited, or from another sweep (seeds, \
      game, settings, bot or ticks) is one line on stderr and exit status 2.
      """)

  @Argument(help: "The shards' --json outputs, in any order.")
  var files: [String]

  func validate() throws {
    if files.isEmpty { throw ValidationError("give the shards' --json outputs") }
  }

  func run() throws {
    var inputs: [(name: String, text: String)] = []
    for file in files {
      inputs.append((file, try PipeNotice.whileWaiting(for: file) { try SweepMerge.read(file) }))
    }
    print(try SweepMerge.merge(inputs), terminator: "")
  }
}
