/// One line of text in the engine's bitmap font (16 × 24 pixel cells at scale 1; ASCII
/// 32-126, anything else shows as `?`).
///
/// The letters come out in ``color`` as asked (white is white, amber is amber), with a soft
/// halo of the same colour. ``Font/arcadeGlow`` is the look of Asteroids' and Blocks' screens
/// instead: cyan vector strokes tinted by the colour.
///
/// ```swift
/// scene.overlay.append(.text(Text("GAME OVER", x: 640, y: 300, scale: 4, alignment: .center,
///                                 color: Color(255, 190, 60))))
/// ```
public struct Text: Equatable, Sendable {
  /// Where ``Text/x`` is on the line.
  public enum Alignment: Equatable, Sendable { case left, center, right }

  /// The glyphs' look: both fonts have the same letters and sizes.
  public enum Font: Equatable, Sendable {
    /// White strokes with a white halo, multiplied by the colour: the colour as asked.
    case plain
    /// The arcade's glowing vector strokes (a pale cyan core in a blue halo), multiplied by
    /// the colour: white shows pale cyan, and warm colours come out darker and greener than
    /// asked. Asteroids and Blocks draw their text so.
    case arcadeGlow
  }

  public var string: String
  /// The anchor's x (see ``alignment``) and the top of the line.
  public var x: Float
  public var y: Float
  public var scale: Float
  public var alignment: Alignment
  public var color: Color
  /// A colour drawn around the letters first (two pixels each way), so the text reads over
  /// anything moving behind it (a HUD over rocks); nil draws none.
  public var outline: Color?
  /// The glyphs' look; ``Font/plain`` (the colour as asked) by default.
  public var font: Font
  /// The engine's key this line tells of, if any: left out where that key does nothing
  /// (``EngineKey``).
  public var engineKey: EngineKey?

  /// A line of text.
  public init(
    _ string: String, x: Float, y: Float, scale: Float = 1, alignment: Alignment = .left,
    color: Color = .white, outline: Color? = nil, font: Font = .plain,
    engineKey: EngineKey? = nil
  ) {
    self.engineKey = engineKey
    self.string = string
    self.x = x
    self.y = y
    self.scale = scale
    self.alignment = alignment
    self.color = color
    self.outline = outline
    self.font = font
  }

  /// Width of a line at `scale`, in pixels (world units in the world layer).
  public static func width(of string: String, scale: Float = 1) -> Float {
    Float(string.count) * 16 * scale
  }
}
