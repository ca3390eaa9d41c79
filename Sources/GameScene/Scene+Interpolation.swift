extension Scene {
  /// The scene `fraction` of a tick before `self` is reached from `previous` (0 = previous,
  /// 1 = self).
  ///
  /// Sprites and rectangles with ``Motion/linear(vx:vy:spin:)`` motion and particles are drawn
  /// back along their velocity: no pairing between ticks is needed. ``Motion/tracked`` sprites are
  /// blended with the sprite of the same id in `previous`, unless it jumped more than half
  /// the world (it wrapped) or was not there.
  ///
  /// Only two consecutive ticks in which the world moved are blended: a still scene (paused)
  /// or a `previous` that is not the tick before (just after a rewind) gives `self` as it is,
  /// so nothing is drawn back along a velocity that was not applied.
  public func interpolated(from previous: Scene, fraction: Float) -> Scene {
    guard fraction < 1, !isStill, previous.tick + 1 == tick else { return self }
    let back = 1 - fraction
    var result = self
    for i in result.world.indices {
      if case .rect(var rect) = result.world[i], case .linear(let vx, let vy, _) = rect.motion {
        rect.x -= vx * back
        rect.y -= vy * back
        result.world[i] = .rect(rect)
        continue
      }
      guard case .sprite(var sprite) = result.world[i] else { continue }
      switch sprite.motion {
      case .still:
        continue
      case .linear(let vx, let vy, let spin):
        sprite.x -= vx * back
        sprite.y -= vy * back
        sprite.angle -= spin * back
      case .tracked:
        guard let old = previous.trackedSprite(id: sprite.id) else { continue }
        let dx = sprite.x - old.x
        let dy = sprite.y - old.y
        if abs(dx) > worldWidth / 2 || abs(dy) > worldHeight / 2 { continue }
        sprite.x = old.x + dx * fraction
        sprite.y = old.y + dy * fraction
        var turn = sprite.angle - old.angle
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        sprite.angle = old.angle + turn * fraction
      }
      result.world[i] = .sprite(sprite)
    }
    for i in result.particles.indices {
      result.particles[i].x -= result.particles[i].vx * back
      result.particles[i].y -= result.particles[i].vy * back
    }
    return result
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
}
