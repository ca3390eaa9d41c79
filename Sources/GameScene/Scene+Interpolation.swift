#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Scene {
  /// The scene `fraction` of a tick before `self` is reached from `previous` (0 = previous,
  /// 1 = self).
  ///
  /// Sprites, rectangles, lines and polygons with ``Motion/linear(vx:vy:spin:)`` motion and
  /// particles are drawn back along their velocity (and lines and polygons turned back about
  /// their centre): no pairing between ticks is needed. ``Motion/tracked`` sprites,
  /// rectangles, lines and polygons are blended with the one of the same kind and id in
  /// `previous`, unless it jumped more than half the world (it wrapped) or was not there.
  ///
  /// Only two consecutive ticks in which the world moved are blended: a still scene (paused)
  /// or a `previous` that is not the tick before (just after a rewind) gives `self` as it is,
  /// so nothing is drawn back along a velocity that was not applied.
  public func interpolated(from previous: Scene, fraction: Float) -> Scene {
    guard fraction < 1, !isStill, previous.tick + 1 == tick else { return self }
    let back = 1 - fraction
    var result = self
    for i in result.world.indices {
      switch result.world[i] {
      case .rect(let rect):
        result.world[i] = .rect(interpolated(rect, from: previous, fraction: fraction))
      case .sprite(let sprite):
        result.world[i] = .sprite(interpolated(sprite, from: previous, fraction: fraction))
      case .line(var line):
        guard line.motion != .still else { continue }
        let old = line.motion == .tracked ? previous.trackedLine(id: line.id)?.points : nil
        line.points = interpolated(line.points, motion: line.motion, from: old, fraction: fraction)
        result.world[i] = .line(line)
      case .polygon(var polygon):
        guard polygon.motion != .still else { continue }
        let old = polygon.motion == .tracked ? previous.trackedPolygon(id: polygon.id)?.points : nil
        polygon.points = interpolated(
          polygon.points, motion: polygon.motion, from: old, fraction: fraction)
        result.world[i] = .polygon(polygon)
      case .image, .text:
        continue
      }
    }
    for i in result.particles.indices {
      result.particles[i].x -= result.particles[i].vx * back
      result.particles[i].y -= result.particles[i].vy * back
    }
    return result
  }

  /// A sprite `fraction` of the way from the tick before.
  private func interpolated(_ sprite: Sprite, from previous: Scene, fraction: Float) -> Sprite {
    var sprite = sprite
    let back = 1 - fraction
    switch sprite.motion {
    case .still:
      break
    case .linear(let vx, let vy, let spin):
      sprite.x -= vx * back
      sprite.y -= vy * back
      sprite.angle -= spin * back
    case .tracked:
      guard let old = previous.trackedSprite(id: sprite.id),
        let (x, y) = blended(sprite.x, sprite.y, from: old.x, old.y, fraction: fraction)
      else { break }
      (sprite.x, sprite.y) = (x, y)
      var turn = sprite.angle - old.angle
      if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
      sprite.angle = old.angle + turn * fraction
    }
    return sprite
  }

  /// A rectangle `fraction` of the way from the tick before: drawn back along its velocity
  /// (linear), or blended with the tracked rectangle of its id (its corner and its size).
  private func interpolated(_ rect: Rect, from previous: Scene, fraction: Float) -> Rect {
    var rect = rect
    switch rect.motion {
    case .still:
      break
    case .linear(let vx, let vy, _):
      rect.x -= vx * (1 - fraction)
      rect.y -= vy * (1 - fraction)
    case .tracked:
      guard let old = previous.trackedRect(id: rect.id),
        let (x, y) = blended(rect.x, rect.y, from: old.x, old.y, fraction: fraction)
      else { break }
      (rect.x, rect.y) = (x, y)
      rect.width = old.width + (rect.width - old.width) * fraction
      rect.height = old.height + (rect.height - old.height) * fraction
    }
    return rect
  }

  /// A tracked position `fraction` of the way from where it was the tick before, or nil when it
  /// jumped more than half the world (it wrapped): then it is drawn where it is.
  private func blended(_ x: Float, _ y: Float, from oldX: Float, _ oldY: Float, fraction: Float)
    -> (Float, Float)?
  {
    let (dx, dy) = (x - oldX, y - oldY)
    if abs(dx) > worldWidth / 2 || abs(dy) > worldHeight / 2 { return nil }
    return (oldX + dx * fraction, oldY + dy * fraction)
  }

  /// The points of a line or polygon `fraction` of the way from the tick before: moved and
  /// turned back about their mean (linear), or blended point by point with `old` (tracked;
  /// as they are when `old` is missing, has another number of points, or any point jumped
  /// more than half the world).
  private func interpolated(
    _ points: [SIMD2<Float>], motion: Motion, from old: [SIMD2<Float>]?, fraction: Float
  ) -> [SIMD2<Float>] {
    let back = 1 - fraction
    switch motion {
    case .still:
      return points
    case .linear(let vx, let vy, let spin):
      let shift = SIMD2(vx, vy) * back
      guard spin != 0, !points.isEmpty else { return points.map { $0 - shift } }
      let centre = points.reduce(SIMD2<Float>.zero, +) / Float(points.count)
      let (c, s) = (cos(-spin * back), sin(-spin * back))
      return points.map { point in
        let d = point - centre
        return centre - shift + SIMD2(d.x * c - d.y * s, d.x * s + d.y * c)
      }
    case .tracked:
      guard let old, old.count == points.count else { return points }
      let half = SIMD2(worldWidth / 2, worldHeight / 2)
      for (new, was) in zip(points, old) {
        let jump = new - was
        if Swift.abs(jump.x) > half.x || Swift.abs(jump.y) > half.y { return points }
      }
      return zip(points, old).map { new, was in was + (new - was) * fraction }
    }
  }

  /// The first tracked sprite with this id.
  private func trackedSprite(id: Int) -> Sprite? {
    for shape in world {
      if case .sprite(let sprite) = shape, sprite.id == id, sprite.motion == .tracked {
        return sprite
      }
    }
    return nil
  }

  /// The first tracked rectangle with this id.
  private func trackedRect(id: Int) -> Rect? {
    for shape in world {
      if case .rect(let rect) = shape, rect.id == id, rect.motion == .tracked { return rect }
    }
    return nil
  }

  /// The first tracked line with this id.
  private func trackedLine(id: Int) -> Line? {
    for shape in world {
      if case .line(let line) = shape, line.id == id, line.motion == .tracked { return line }
    }
    return nil
  }

  /// The first tracked polygon with this id.
  private func trackedPolygon(id: Int) -> Polygon? {
    for shape in world {
      if case .polygon(let polygon) = shape, polygon.id == id, polygon.motion == .tracked {
        return polygon
      }
    }
    return nil
  }
}
