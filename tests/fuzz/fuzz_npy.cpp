// The .npy reader. An array that reads must write and read back equal.
#include "FuzzCheck.h"

#include "clw/engine/session/NpyError.h"
#include "clw/engine/session/NpyFile.h"

#include <cstdint>
#include <span>

using clw::engine::NpyArray;
using clw::engine::NpyError;
using clw::engine::NpyFile;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    NpyArray array;
    try {
        array = NpyFile::parse(std::span<const unsigned char>(data, size));
    } catch (const NpyError&) {
        return 0;
    }
    for (const int major : {0, 1, 2, 3}) {
        std::vector<unsigned char> written;
        try {
            written = NpyFile::serialize(array, major);
        } catch (const NpyError& error) {
            // Version 1.0's header holds 65535 bytes at most; a longer one is refused by name.
            clw::fuzz::require(major == 1,
                               std::string("an array that read does not write: ") + error.what());
            continue;
        }
        NpyArray again;
        try {
            again = NpyFile::parse(written);
        } catch (const NpyError& error) {
            clw::fuzz::fail(std::string("a written array does not read back: ") + error.what());
        }
        clw::fuzz::require(again == array, "an array read back differs from the one written");
    }
    return 0;
}
