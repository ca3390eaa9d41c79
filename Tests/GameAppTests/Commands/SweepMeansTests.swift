import Foundation
import Testing

@testable import GameLauncher

/// A sweep's and a simulation's means keep their fraction, in text and in JSON.
@Suite struct SweepMeansTests {
  @Test(arguments: [
    (2, 4, "0.500"), (253, 100, "2.530"), (-1, 4, "-0.250"), (-1, 2_000, "-0.001"),
    (1, 2_001, "0.000"), (7, 1, "7.000"), (2, 3, "0.667"), (0, 5, "0.000"),
  ])
  func aMeanIsWrittenWithThreeDecimalsRoundedHalfAwayFromZero(
    total: Int, count: Int, text: String
  ) {
    #expect(Mean(total: Int128(total), count: count).description == text)
  }

  @Test func theLargestTotalsStillWriteExactly() {
    let values = [Int.max, Int.max, Int.max - 1]
    #expect(Mean(of: values).description == "\(Int.max - 1).667")
    #expect(Mean(of: [Int.min, Int.min]).description == "\(Int.min).000")
  }

  @Test func aSweepsJSONMeanIsTheLinesMeanWithItsFraction() throws {
    let result = try CommandRunner.run(
      [
        "sweep", "--game", "blocks", "--bot", "beginner", "--seeds", "1...7", "--ticks", "3000",
        "--json",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let games = try lines.dropLast().map { line in
      try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    #expect(games.count == 7)
    let levels = try games.map { try #require($0["level"] as? Int) }
    let lines_ = try games.map { try #require($0["lines"] as? Int) }
    // The expected text, computed here by hand: thousandths of the sum over the count, rounded.
    func mean(_ values: [Int]) -> String {
      let thousandths = (values.reduce(0, +) * 2_000 + values.count) / (values.count * 2)
      let fraction = String(thousandths % 1_000)
      return "\(thousandths / 1_000)." + String(repeating: "0", count: 3 - fraction.count)
        + fraction
    }
    let summary = try #require(lines.last)
    #expect(summary.contains("\"mean_level\": \(mean(levels)),"), "\(summary)")
    #expect(summary.contains("\"mean_lines\": \(mean(lines_)),"), "\(summary)")
    #expect(lines_.reduce(0, +) % 7 != 0, "a fraction to keep: \(lines_)")
    let text = try CommandRunner.run(
      ["sweep", "--game", "blocks", "--bot", "beginner", "--seeds", "1...7", "--ticks", "3000"])
    #expect(text.stdout.contains("mean lines \(mean(lines_)), "), "\(text.stdout)")
  }
}
