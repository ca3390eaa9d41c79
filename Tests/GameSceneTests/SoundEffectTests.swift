import GameScene
import Testing

@Suite struct SoundEffectTests {
  @Test func aSoundLastsItsDurationAtTheRateAsked() {
    let beep = SoundEffect(.square, frequency: 440, duration: 0.1)
    #expect(beep.samples(rate: 22_050).count == 2_205)
  }

  @Test func aSquareToneAlternatesAtItsFrequencyAndStaysWithinItsVolume() {
    let beep = SoundEffect(
      .square, frequency: 441, duration: 0.1, attack: 0, release: 0, volume: 0.5)
    let samples = beep.samples(rate: 22_050)
    // 441 Hz at 22,050 samples a second: a sign change every 25 samples, 88 in 0.1 s.
    let changes = zip(samples, samples.dropFirst()).count { ($0 < 0) != ($1 < 0) }
    #expect((86...90).contains(changes))
    #expect(samples.map { abs(Int($0)) }.max() == Int(Float(Int16.max) * 0.5))
  }

  @Test func theEnvelopeRisesFromSilenceAndFadesToSilence() {
    let ping = SoundEffect(.sine, frequency: 880, duration: 0.2, attack: 0.05, release: 0.1)
    let samples = ping.samples(rate: 22_050)
    let loud = { (range: Range<Int>) in samples[range].map { abs(Int($0)) }.max() ?? 0 }
    #expect(abs(Int(samples[0])) < 100)
    #expect(loud(0..<100) < loud(1_200..<2_200) / 4)
    #expect(loud(4_300..<4_410) < loud(1_200..<2_200) / 4)
  }

  @Test func noiseIsTheSameEveryTimeItIsRendered() {
    let crash = SoundEffect(.noise, frequency: 4_000, to: 300, duration: 0.3, volume: 0.4)
    #expect(crash.samples(rate: 22_050) == crash.samples(rate: 22_050))
    #expect(Set(crash.samples(rate: 22_050)).count > 100)
  }
}
