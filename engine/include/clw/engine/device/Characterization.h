#pragma once
// Device characterization, after PyOpenCL's pyopencl.characterize: derived facts a kernel author
// needs that no single info query answers. Each function takes DeviceFacts (DeviceFacts.h), so a
// vendor branch can be checked without that vendor's device. Where PyOpenCL warns that it is
// guessing, the result carries the warning as a note.
#include "clw/engine/device/DeviceFacts.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

class Device;

// A value that may be a guess, or absent with the reason why.
struct Estimate {
    std::optional<unsigned> value;
    std::string note; // "wildly guessing ...", or why there is no value; empty when exact
};

// How many work-items collide on one local memory bank, and which (PyOpenCL's
// why_not_local_access_conflict_free).
struct LocalAccessConflict {
    unsigned multiplicity = 1; // 1: conflict-free
    std::string explanation;   // empty when conflict-free
    std::vector<std::string> notes;
};

namespace characterize {

bool hasDoubleSupport(const DeviceFacts& facts);    // cl_khr_fp64
bool hasAmdDoubleSupport(const DeviceFacts& facts); // cl_amd_fp64 (low-end AMD boards)
// (major, minor) of an NVIDIA GPU; empty elsewhere.
std::optional<std::pair<unsigned, unsigned>> nvComputeCapability(const DeviceFacts& facts);
// Local memory left for the kernel: pre-Fermi NVIDIA GPUs pass arguments in local memory (4 bytes
// per 32-bit argument, 256 bytes when nargs is not given).
cl_ulong usableLocalMemSize(const DeviceFacts& facts, std::optional<unsigned> nargs = {});
// Work-items that access local memory at once and may conflict with each other.
Estimate simultaneousWorkItemsOnLocalAccess(const DeviceFacts& facts);
// Bytes per local memory bank (4 everywhere PyOpenCL knows).
unsigned localMemoryAccessGranularity(const DeviceFacts& facts);
// Banks of local memory; no value on a CPU whose local memory is cache-based (CL_GLOBAL).
Estimate localMemoryBankCount(const DeviceFacts& facts);
// Conflicts of work-items 0, 1, ... accessing elements of an array of `itemSize`-byte items with
// `shape` (C order, fastest last) stored with `storedShape` (padding; equal to shape when
// empty), along each axis. Throws std::domain_error where the bank count is meaningless.
LocalAccessConflict whyNotLocalAccessConflictFree(const DeviceFacts& facts, unsigned itemSize,
                                                  const std::vector<unsigned>& shape,
                                                  const std::vector<unsigned>& storedShape = {});
// Build options that trade accuracy for speed on this device.
std::vector<std::string> fastInaccurateBuildOptions(const DeviceFacts& facts);
// Work-items executed across SIMD lanes (warp, wavefront); 1 on CPUs, which vectorise across
// work-items only implicitly. No value when unknown.
Estimate simdGroupSize(const DeviceFacts& facts, unsigned typeSize);
// (major, minor) of a PoCL platform; empty for another platform or an unexpected version text.
std::optional<std::pair<int, int>> poclVersion(const DeviceFacts& facts);
// "apple", "pocl" when the device miscounts struct arguments (pocl issue 197), else "".
std::string structArgCountBug(const DeviceFacts& facts);
bool hasCoarseGrainBufferSvm(const DeviceFacts& facts);
bool hasFineGrainBufferSvm(const DeviceFacts& facts);
bool hasFineGrainSystemSvm(const DeviceFacts& facts);
bool hasFineGrainBufferSvmAtomics(const DeviceFacts& facts);
bool hasFineGrainSystemSvmAtomics(const DeviceFacts& facts);

} // namespace characterize

// One line of a characterization, for listing.
struct CharacterizationItem {
    std::string key;   // "simd_group_size", stable: the JSON key
    std::string label; // "SIMD group size (4-byte items)"
    std::string value; // "32", "yes", "-cl-mad-enable -cl-fast-relaxed-math", "n/a"
    std::string note;  // a guess or why there is no value
};

// Every characterization of one device, computed once.
struct Characterization {
    DeviceFacts facts;
    std::vector<CharacterizationItem> items;

    // The item with this key, or nullptr.
    const CharacterizationItem* find(const std::string& key) const;
};

Characterization characterizeDevice(const DeviceFacts& facts);
// Reads the facts (building the probe kernels) and characterizes.
Characterization characterizeDevice(const Device& device, bool buildProbes = true);

} // namespace clw::engine
