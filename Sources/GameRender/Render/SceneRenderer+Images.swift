/// Which sheet image each kind of sprite uses, by index as well as by name: the surface path
/// looks frames up by index thousands of times a frame, without building strings.
extension SceneRenderer {
  /// The sheet images sprites and particles are drawn from; ``imageIndex(for:)`` indexes it.
  static let imageNames: [String] =
    ["ship", "ship-thrust"]
    + (0..<3).flatMap { size in (0..<4).map { "rock\(size)-\($0)" } }
    + ["saucer-large", "saucer-small", "bullet", "saucer-bullet", "spark", "ember"]

  static let sparkImage = 18
  static let emberImage = 19

  /// The sheet image for a kind, as an index into ``imageNames``, and the radius, in sheet
  /// pixels, that its outline was drawn at (0: drawn at sheet size, whatever the world radius).
  static func imageIndex(for kind: Scene.Kind) -> (Int, Float) {
    switch kind {
    case .ship(let thrusting): return (thrusting ? 1 : 0, 16)
    case .rock(let size, let shape):
      let size = min(2, max(0, size))
      let nominal: Float = size == 0 ? 44 : size == 1 ? 23 : 11.5
      return (2 + size * 4 + (shape & 3), nominal)
    case .saucer(let small): return (small ? 15 : 14, small ? 15 : 27)
    case .bullet: return (16, 0)
    case .saucerBullet: return (17, 0)
    }
  }

  /// The sheet sprite for a kind and the radius its outline was drawn at (see
  /// ``imageIndex(for:)``).
  static func image(for kind: Scene.Kind) -> (String, Float) {
    let (index, nominal) = imageIndex(for: kind)
    return (imageNames[index], nominal)
  }
}
