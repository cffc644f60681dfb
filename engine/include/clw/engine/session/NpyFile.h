#pragma once
// NumPy's .npy format, versions 1.0, 2.0 and 3.0: a magic string, a header that is a Python dict
// literal {'descr': '<f4', 'fortran_order': False, 'shape': (3,)}, and the data. Everything that
// is wrong with a file throws NpyError with what is wrong; nothing returns part of an array.
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/NpyError.h"

#include <filesystem>
#include <span>

namespace clw::engine {

class NpyFile {
public:
    // Reads a file. Accepts the descrs of every NpyType in any byte order ('<', '>', '|', '=';
    // big-endian data is swapped to little-endian), fortran_order True (the data reordered to C
    // order, so that element [r, c] is where it is in a C-ordered array of the same shape), and
    // Python 2's "3L" in shapes. Rejects (NpyError, naming the file): a bad magic or version, a
    // truncated or malformed header, structured or other dtypes, and data whose size is not
    // shape x item size.
    static NpyArray read(const std::filesystem::path& path);
    // Parses a file's bytes; errors as for read(), without a file name.
    static NpyArray parse(std::span<const unsigned char> bytes);

    // Writes through a temporary file and a rename: a reader never sees part of it. `major` 1, 2
    // or 3 forces that version; 0 picks 1.0 unless the header needs 2.0's longer length field.
    // Throws NpyError when the array's data does not match its shape, or the file cannot be
    // written.
    static void write(const std::filesystem::path& path, const NpyArray& array, int major = 0);
    static std::vector<unsigned char> serialize(const NpyArray& array, int major = 0);

    // Fortran-ordered data (the first index fastest) of `shape` in C order (the last fastest).
    static std::vector<unsigned char> toRowMajor(const std::vector<unsigned char>& columnMajor,
                                                 const std::vector<size_t>& shape, size_t itemSize);
};

} // namespace clw::engine
