/// A uniform grid of cells: a wall of bricks, a tile map, buckets for things to test.
///
/// A ball near a wall of 100 bricks need test only the few cells its move covers: ask for
/// ``cells(overlapping:)`` and sweep those. Cell (0, 0) has its top-left corner at ``origin``;
/// columns grow to the right and rows down (world y points down).
///
/// The rules are ``Box``'s, computed in 64 bits so that every input answers without a trap:
/// - A point on the line between two cells is in the one to its right or below (as
///   ``Box/contains(_:)``); a cell holds `left <= x < right`, `top <= y < bottom`.
/// - ``cells(overlapping:)`` gives exactly the cells whose ``box(of:)`` overlaps the box, so a
///   box touching a cell's edge does not reach that cell. It is clamped to the grid.
/// - A cell size that is zero or negative on an axis gives a grid with no cells on it, and a
///   negative count of columns or rows counts as zero.
///
/// ```swift
/// let wall = Grid(origin: Vector(8, 20), cellSize: Vector(16, 6), columns: 9, rows: 5)
/// wall.cell(containing: Vector(30, 27))                // Cell(column: 1, row: 1)
/// for cell in wall.cells(overlapping: ball.bounds) {   // the bricks the ball may touch
///   if let brick = bricks[wall.index(of: cell)] { ... }
/// }
/// ```
@frozen
public struct Grid: Hashable, Sendable {
  /// The top-left corner of cell (0, 0).
  public var origin: Vector
  /// The width (x) and height (y) of every cell.
  public var cellSize: Vector
  /// How many cells across.
  public var columns: Int
  /// How many cells down.
  public var rows: Int

  /// A grid from its top-left corner, cell size and counts.
  @inlinable public init(origin: Vector, cellSize: Vector, columns: Int, rows: Int) {
    self.origin = origin
    self.cellSize = cellSize
    self.columns = columns
    self.rows = rows
  }

  /// One cell of a grid, by column (from the left, from 0) and row (from the top, from 0).
  @frozen
  public struct Cell: Hashable, Sendable, CustomStringConvertible {
    /// The column, 0 at the left.
    public var column: Int
    /// The row, 0 at the top.
    public var row: Int

    /// A cell from its column and row.
    @inlinable public init(column: Int, row: Int) {
      self.column = column
      self.row = row
    }

    /// Readable text for logs and test failures.
    public var description: String { "Cell(column: \(column), row: \(row))" }
  }

  /// The cell `point` is in, or `nil` when it is outside the grid.
  @inlinable public func cell(containing point: Vector) -> Cell? {
    let column = Self.floor(point.x, from: origin.x, by: cellSize.x)
    let row = Self.floor(point.y, from: origin.y, by: cellSize.y)
    guard let column, let row else { return nil }
    let cell = Cell(column: column, row: row)
    return contains(cell) ? cell : nil
  }

  /// True when `cell` is one of the grid's.
  @inlinable public func contains(_ cell: Cell) -> Bool {
    cell.column >= 0 && cell.column < columns && cell.row >= 0 && cell.row < rows
  }

  /// The cell's box: its top-left corner at `origin + (column, row) × cellSize`, wrapping as
  /// every `Fixed` result does.
  @inlinable public func box(of cell: Cell) -> Box {
    let x = origin.x.raw &+ Int32(truncatingIfNeeded: cell.column) &* cellSize.x.raw
    let y = origin.y.raw &+ Int32(truncatingIfNeeded: cell.row) &* cellSize.y.raw
    return Box(origin: Vector(x: Fixed(raw: x), y: Fixed(raw: y)), size: cellSize)
  }

  /// The cell's place in an array of the grid's cells, row by row from the top-left:
  /// `row × columns + column` (wrapping past `Int`'s range, which no grid in memory reaches).
  @inlinable public func index(of cell: Cell) -> Int { cell.row &* columns &+ cell.column }

  /// The grid's cells that `box` overlaps (touching an edge does not count), clamped to the
  /// grid: empty when the box is outside it.
  ///
  /// ```swift
  /// let grid = Grid(origin: .zero, cellSize: Vector(10, 10), columns: 4, rows: 4)
  /// let cells = grid.cells(overlapping: Box(5, 5, 10, 10))
  /// cells.columns == 0..<2 && cells.rows == 0..<2   // four cells
  /// grid.cells(overlapping: Box(10, 10, 10, 10)).columns == 1..<2   // touching cell 0: not in
  /// ```
  @inlinable public func cells(overlapping box: Box) -> Cells {
    let e = box.edges
    func span(_ low: Int64, _ high: Int64, _ start: Fixed, _ size: Fixed, _ count: Int) -> Range<
      Int
    > {
      guard size.raw > 0 else { return 0..<0 }
      let size = Int64(size.raw)
      let first = Int(Self.floorDivide(low - Int64(start.raw), size))
      let pastLast = Int(-Self.floorDivide(Int64(start.raw) - high, size))  // the ceiling
      let lower = max(first, 0)
      let upper = min(pastLast, max(count, 0))
      return lower < upper ? lower..<upper : 0..<0
    }
    let columns = span(e.left, e.right, origin.x, cellSize.x, columns)
    let rows = span(e.top, e.bottom, origin.y, cellSize.y, rows)
    return columns.isEmpty || rows.isEmpty
      ? Cells(columns: 0..<0, rows: 0..<0) : Cells(columns: columns, rows: rows)
  }

  /// A block of a grid's cells: the columns and rows a box covers, visited row by row from the
  /// top-left (the order of ``index(of:)``). Both ranges are empty when the block is.
  @frozen
  public struct Cells: Sequence, Hashable, Sendable {
    /// The columns of the block.
    public var columns: Range<Int>
    /// The rows of the block.
    public var rows: Range<Int>

    /// A block from its columns and rows.
    @inlinable public init(columns: Range<Int>, rows: Range<Int>) {
      self.columns = columns
      self.rows = rows
    }

    /// True when the block has no cells.
    @inlinable public var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

    /// The cells, row by row.
    @inlinable public func makeIterator() -> Iterator { Iterator(cells: self) }

    /// Visits a block's cells row by row.
    @frozen
    public struct Iterator: IteratorProtocol {
      @usableFromInline let cells: Cells
      @usableFromInline var upcoming: Cell

      @inlinable init(cells: Cells) {
        self.cells = cells
        self.upcoming = Cell(column: cells.columns.lowerBound, row: cells.rows.lowerBound)
      }

      /// The next cell, or `nil` after the last.
      @inlinable public mutating func next() -> Cell? {
        guard !cells.isEmpty, upcoming.row < cells.rows.upperBound else { return nil }
        let cell = upcoming
        upcoming.column += 1
        if upcoming.column == cells.columns.upperBound {
          upcoming.column = cells.columns.lowerBound
          upcoming.row += 1
        }
        return cell
      }
    }
  }

  /// ⌊(value − start) / size⌋ in 64 bits, `nil` for a size that is not positive.
  @inlinable static func floor(_ value: Fixed, from start: Fixed, by size: Fixed) -> Int? {
    guard size.raw > 0 else { return nil }
    return Int(floorDivide(Int64(value.raw) - Int64(start.raw), Int64(size.raw)))
  }

  /// ⌊a / b⌋ for b > 0.
  @inlinable static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return quotient * b != a && a < 0 ? quotient - 1 : quotient
  }
}

extension Grid: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    origin.stableHash(into: &hasher)
    cellSize.stableHash(into: &hasher)
    hasher.combine(columns)
    hasher.combine(rows)
  }
}

extension Grid.Cell: StableHashable {
  /// Feeds every field, in declaration order, to the hasher.
  public func stableHash(into hasher: inout StableHasher) {
    hasher.combine(column)
    hasher.combine(row)
  }
}
