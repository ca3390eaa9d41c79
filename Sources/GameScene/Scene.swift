import GameCore

/// What one tick looks like: an SDL-free description of a frame that the engine's renderer
/// draws, in a window or offscreen.
///
/// A game builds one from its state (``PlayableGame/scene(of:)``), once per tick; the engine
/// draws it, interpolated between the last two ticks, at any frame rate. Layers, back to
/// front: ``particles`` and the particles of the ``emitters``, then ``world`` (world units,
/// fitted into the frame), then ``overlay`` (the 1280 × 720 frame's own pixels: the HUD and
/// the screens).
///
/// Floating point is fine here: a scene is drawn, never replayed or hashed.
///
/// ```swift
/// var scene = Scene(tick: state.tick, worldWidth: 160, worldHeight: 90)
/// scene.world.append(.rect(Rect(x: 10, y: 40, width: 2, height: 12, color: .white)))
/// scene.overlay.append(.text(Text("3 : 1", x: 640, y: 20, alignment: .center)))
/// ```
public struct Scene: Equatable, Sendable {
  /// The width of the frame every scene is drawn into, in pixels.
  public static let frameWidth = 1280
  /// The height of the frame, in pixels.
  public static let frameHeight = 720

  /// The tick this scene shows: blinking text uses it, never the wall clock.
  public var tick: Int
  /// The world's width in world units; the view fits the world into the frame, keeping its
  /// aspect ratio.
  public var worldWidth: Float
  /// The world's height in world units.
  public var worldHeight: Float
  /// True when the world wraps at its edges: a sprite across an edge also shows on the other
  /// side, and a tracked sprite that jumps more than half the world is not blended.
  public var wraps: Bool
  /// The colour behind everything.
  public var background: Color
  /// What a game that still passes `isRunning:` said about this scene: read only by the
  /// default ``PlayableGame/isPlaying(_:)``, so that such a game keeps its auto-pause.
  var runningMark = true
  /// Dots that fade: drawn first, at their image's size, drawn back along their velocity.
  public var particles: [Particle]
  /// Streams of cosmetic particles the renderer runs itself (a ship's exhaust).
  public var emitters: [Emitter]
  /// Shapes in world units.
  public var world: [Shape]
  /// Shapes in frame pixels, drawn over the world.
  public var overlay: [Shape]
  /// Where the window shows the player's saved high scores on this screen (a title, a game
  /// over, the HUD's best); nil shows none.
  public var highScores: HighScoreBoard?
  /// True when nothing in the world moved since the tick before (a paused game whose tick
  /// counter runs on): frames are then drawn without interpolation and emitters freeze.
  ///
  /// The renderer's own mark, set by its scene feed once per tick from the scenes it draws;
  /// games leave it false. It only changes how a frame is drawn: nothing in the engine (rewind,
  /// pause, the attract mode) reads it, they ask the state (``PlayableGame/isPlaying(_:)``).
  public var isStill = false

  /// An empty scene of a world of this size.
  public init(
    tick: Int, worldWidth: Float = Float(Scene.frameWidth),
    worldHeight: Float = Float(Scene.frameHeight), wraps: Bool = false,
    background: Color = .black
  ) {
    self.tick = tick
    self.worldWidth = worldWidth
    self.worldHeight = worldHeight
    self.wraps = wraps
    self.background = background
    self.particles = []
    self.emitters = []
    self.world = []
    self.overlay = []
    self.highScores = nil
  }

  /// An empty scene that also says whether play is under way.
  @available(
    *, deprecated,
    message: "say whether play is under way from the state: implement PlayableGame.isPlaying(_:)"
  )
  public init(
    tick: Int, worldWidth: Float = Float(Scene.frameWidth),
    worldHeight: Float = Float(Scene.frameHeight), wraps: Bool = false,
    background: Color = .black, isRunning: Bool
  ) {
    self.init(
      tick: tick, worldWidth: worldWidth, worldHeight: worldHeight, wraps: wraps,
      background: background)
    runningMark = isRunning
  }

  /// True while play is under way, as a game that passes `isRunning:` said.
  @available(
    *, deprecated,
    message: "the engine asks the state, not the scene: use PlayableGame.isPlaying(_:)"
  )
  public var isRunning: Bool {
    get { runningMark }
    set { runningMark = newValue }
  }
}

extension Scene {
  /// This scene without the text that tells of `key` (``Text/engineKey``): what the engine
  /// shows where that key does nothing, as rewind in a netplay match.
  public func leavingOut(_ key: EngineKey) -> Scene {
    func tellsOfKey(_ shape: Shape) -> Bool {
      if case .text(let text) = shape { return text.engineKey == key }
      return false
    }
    var scene = self
    scene.world.removeAll(where: tellsOfKey)
    scene.overlay.removeAll(where: tellsOfKey)
    return scene
  }
}
