import GameScene
import Testing

@testable import GameRender

@Suite struct EmitterParticlesTests {
  func emitting(tick: Int, perTick: Int = 2) -> Scene {
    var scene = Scene(tick: tick)
    scene.emitters = [
      Emitter(
        image: "dot", x: 640, y: 360, direction: .pi, spread: 0.6, speed: 2.5, speedRange: 1.5,
        lifetime: 8, lifetimeRange: 8, perTick: perTick)
    ]
    return scene
  }

  func advance(_ particles: inout EmitterParticles, from: Scene, to: Scene) {
    particles.advance(from: from, to: to) { _ in 7 }
  }

  @Test func anEmitterEmitsEveryTickAndItsParticlesMove() {
    var particles = EmitterParticles()
    advance(&particles, from: emitting(tick: 0), to: emitting(tick: 1))
    advance(&particles, from: emitting(tick: 1), to: emitting(tick: 2))
    #expect(particles.items.count == 4)
    #expect(particles.items.allSatisfy { $0.image == 7 })
    #expect(particles.items.contains { $0.x != $0.previousX || $0.y != $0.previousY })
    // Direction π is down the screen (0 is up, clockwise): the particles fall.
    #expect(particles.items.filter { $0.age > 0 }.allSatisfy { $0.y > 360 })
  }

  /// The emitter's lifetimes are 8 ticks plus up to 8 more (8...15): the two particles of one
  /// tick all live through 8 ticks and none through 16.
  @Test func particlesDieAfterTheirLifetime() {
    var particles = EmitterParticles()
    advance(&particles, from: emitting(tick: 0), to: emitting(tick: 1))
    #expect(particles.items.count == 2)
    for tick in 2...9 { advance(&particles, from: Scene(tick: tick - 1), to: Scene(tick: tick)) }
    #expect(particles.items.count == 2)
    #expect(particles.items.allSatisfy { $0.age == 8 && (8...15).contains($0.lifetime) })
    for tick in 10...17 { advance(&particles, from: Scene(tick: tick - 1), to: Scene(tick: tick)) }
    #expect(particles.items.isEmpty)
  }

  @Test func aStillSceneFreezesTheParticlesWhereTheyAre() {
    var particles = EmitterParticles()
    for tick in 1...4 {
      advance(&particles, from: emitting(tick: tick - 1), to: emitting(tick: tick))
    }
    let before = particles.items.map { [$0.x, $0.y, Float($0.age)] }
    var paused = emitting(tick: 5)
    paused.isStill = true
    advance(&particles, from: emitting(tick: 4), to: paused)
    #expect(particles.items.map { [$0.x, $0.y, Float($0.age)] } == before)
    #expect(particles.items.allSatisfy { $0.x == $0.previousX && $0.y == $0.previousY })
  }

  @Test func theSameTicksGiveTheSameParticles() {
    var a = EmitterParticles()
    var b = EmitterParticles()
    for tick in 1...6 {
      advance(&a, from: emitting(tick: tick - 1), to: emitting(tick: tick))
      advance(&b, from: emitting(tick: tick - 1), to: emitting(tick: tick))
    }
    #expect(a.items.map { [$0.x, $0.y] } == b.items.map { [$0.x, $0.y] })
  }

  @Test func aCrowdOfEmittersIsCapped() {
    var particles = EmitterParticles()
    for tick in 1...20 {
      advance(
        &particles, from: emitting(tick: tick - 1, perTick: 500),
        to: emitting(tick: tick, perTick: 500))
    }
    // 500 a tick living 8 ticks or more: full after the third tick, and kept full.
    #expect(particles.items.count == EmitterParticles.capacity)
  }
}
