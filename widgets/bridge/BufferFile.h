#pragma once
// Buffer contents to and from files: .npy (NumPy), CSV and raw bytes, on a worker thread.
// Qt-free. An import reads and checks the whole file before it writes anything to the buffer:
// a malformed file, the wrong dtype or the wrong size throws (ImportError, NpyError) and leaves
// the buffer as it was. Exports go through a temporary file and a rename.
#include "bridge/BufferSource.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"

#include <filesystem>
#include <functional>
#include <string>

namespace clw::ui {

class BufferFile {
public:
    enum class Format { Npy, Csv, Raw };
    using Cancelled = std::function<bool()>;

    // By extension: .npy, .csv / .txt / .tsv, anything else raw.
    static Format formatOf(const std::filesystem::path& path);

    // .npy and CSV hold the shape's elements as the layout's columns (NpyConversion.h,
    // CsvTable.h); raw holds every byte of the source as it is. Returns a line for the status bar
    // ("wrote 1024 elements (float4) to a.npy"). A cancelled export leaves no file.
    static std::string exportTo(const BufferSource& source, const engine::ElementLayout& layout,
                                const engine::BufferShape& shape, const std::filesystem::path& path,
                                Format format, const Cancelled& cancelled = {});
    // Raw imports need a file of exactly the source's size. Returns a status line.
    static std::string importFrom(BufferSource& target, const engine::ElementLayout& layout,
                                  const engine::BufferShape& shape,
                                  const std::filesystem::path& path, Format format,
                                  const Cancelled& cancelled = {});
};

} // namespace clw::ui
