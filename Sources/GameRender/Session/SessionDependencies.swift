import Foundation
import GameCore

/// What ``SessionReducer`` reads from outside its state: today's date and the book's table.
///
/// The reducer never reads a clock or a file itself: a test gives it a fixed day and a table
/// of its own, and the same actions give the same state.
package struct SessionDependencies {
  /// Today, `yyyy-MM-dd` in UTC: the date of a high-score entry and the stamp in its replay's
  /// name.
  package var today: () -> String
  /// The place `ranking` would take on its table; nil when it takes none or no book is kept.
  package var place: (Ranking) -> Int?

  package init(today: @escaping () -> String, place: @escaping (Ranking) -> Int?) {
    self.today = today
    self.place = place
  }

  /// The clock's date and `book`'s tables (none without a book).
  package static func live(book: HighScoreBook?) -> SessionDependencies {
    SessionDependencies(
      today: {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
      },
      place: { ranking in book?.place(for: ranking) })
  }
}
