#pragma once
// Whether a program binary that a driver handed out can be handed back to it.
//
// Some drivers give out binaries they cannot load. PoCL 3 serializes its own kernel-cache folder
// into the binary; while another process rewrites that folder's program.bc (PoCL removes the old
// file before it renames the new one in), the binary comes out with an empty entry, and loading it
// later fails an assertion inside PoCL that aborts the whole process. A cache cannot recover from a
// crash inside the driver, so it checks a binary before it stores it and again before it loads it.
#include <span>
#include <string>
#include <vector>

namespace clw::engine {

// Why `binary` cannot be a complete build of a program whose kernels are `kernelNames`, or empty
// when nothing is wrong with it as far as can be told without the driver. Every binary must be
// non-empty; a PoCL binary ("poclbin") is read through: every entry non-empty and within the
// binary, and exactly the program's kernels. Other drivers' formats are opaque here: a binary
// that loads is checked for its kernels after the build instead.
std::string binaryIncompleteness(std::span<const unsigned char> binary,
                                 const std::vector<std::string>& kernelNames);

// The kind of program binary `binary` begins as, among those drivers hand out or take: "a PoCL
// binary", "PTX" (NVIDIA's: text that opens with a comment or a '.' directive), "ELF", "a CUDA
// fat binary", "LLVM bitcode" (bare or in its wrapper), "SPIR-V". Empty when it begins as none
// of them, which only says that it is no binary of these kinds: a driver of another kind may
// still load it.
std::string binaryKind(std::span<const unsigned char> binary);

} // namespace clw::engine
