#pragma once
// The peer of the device host's round trip: one byte there and back over a socket pair to a
// forked child that echoes it, each side reading on the thread that waits (no hand-off), which
// is the least any channel between two processes costs on the machine. POSIX only; NaN elsewhere.
namespace clw::bench {

// The median of `trips` round trips, in microseconds.
double rawSocketRoundTripUs(int trips);

} // namespace clw::bench
