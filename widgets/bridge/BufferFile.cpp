#include "bridge/BufferFile.h"

#include "bridge/ElementScanner.h"

#include "clw/engine/inspect/CsvTable.h"
#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/NpyConversion.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/session/NpyFile.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <vector>

namespace clw::ui {

namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& path) {
    return "'" + path.filename().string() + "'";
}

// A file written beside its final name and renamed over it once complete.
class TemporaryOutput {
public:
    explicit TemporaryOutput(fs::path path)
        : m_path(std::move(path))
        , m_temporary(m_path.string() + ".partial") {
        m_stream.open(m_temporary, std::ios::binary | std::ios::trunc);
        if (!m_stream)
            throw std::runtime_error("cannot write " + m_temporary.string());
    }
    ~TemporaryOutput() {
        if (!m_committed) {
            m_stream.close();
            std::error_code ignored; // a leftover .partial file is harmless; the export failed
            fs::remove(m_temporary, ignored);
        }
    }
    void write(const void* data, size_t size) {
        m_stream.write(static_cast<const char*>(data), std::streamsize(size));
        if (!m_stream)
            throw std::runtime_error("writing " + m_temporary.string() + " failed (disk full?)");
    }
    void commit() {
        m_stream.close();
        if (!m_stream)
            throw std::runtime_error("writing " + m_temporary.string() + " failed");
        fs::rename(m_temporary, m_path);
        m_committed = true;
    }

private:
    fs::path m_path;
    fs::path m_temporary;
    std::ofstream m_stream;
    bool m_committed = false;
};

std::vector<unsigned char> readWhole(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw engine::ImportError("cannot open " + path.string());
    return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

// The packed columns of every element of the shape: what .npy exports hold.
std::vector<unsigned char> packAll(const BufferSource& source, const engine::ElementLayout& layout,
                                   const engine::BufferShape& shape,
                                   const BufferFile::Cancelled& cancelled, bool& complete) {
    const size_t packed = engine::PackedColumns::packedSize(layout);
    std::vector<unsigned char> out(size_t(shape.elementCount()) * packed);
    const ElementScanner scanner(source, shape, layout.size());
    complete = scanner.scan(
        0, shape.elementCount(),
        [&](const unsigned char* data, std::uint64_t index, size_t n) {
            engine::PackedColumns::pack(layout, data, n, layout.size(),
                                        out.data() + index * packed);
        },
        cancelled);
    return out;
}

} // namespace

BufferFile::Format BufferFile::formatOf(const fs::path& path) {
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (extension == ".npy")
        return Format::Npy;
    if (extension == ".csv" || extension == ".txt" || extension == ".tsv")
        return Format::Csv;
    return Format::Raw;
}

std::string BufferFile::exportTo(const BufferSource& source, const engine::ElementLayout& layout,
                                 const engine::BufferShape& shape, const fs::path& path,
                                 Format format, const Cancelled& cancelled) {
    const std::string what = std::to_string(shape.elementCount()) + " elements (" + layout.name() +
                             ") to " + quoted(path);
    if (format == Format::Npy) {
        engine::NpyConversion::arrayType(layout); // a mixed struct fails before reading
        bool complete = false;
        std::vector<unsigned char> packed = packAll(source, layout, shape, cancelled, complete);
        if (!complete)
            return "export cancelled";
        engine::NpyFile::write(path,
                               engine::NpyConversion::toArray(layout, shape, std::move(packed)));
        return "wrote " + what;
    }
    TemporaryOutput out(path);
    if (format == Format::Raw) {
        std::vector<unsigned char> chunk;
        for (std::uint64_t offset = 0; offset < source.size(); offset += chunk.size()) {
            if (cancelled && cancelled())
                return "export cancelled";
            chunk.resize(size_t(std::min<std::uint64_t>(ElementScanner::kDefaultChunkBytes,
                                                        source.size() - offset)));
            source.read(offset, chunk);
            out.write(chunk.data(), chunk.size());
        }
        out.commit();
        return "wrote " + std::to_string(source.size()) + " bytes to " + quoted(path);
    }
    std::string text = engine::CsvTable::header(layout);
    const ElementScanner scanner(source, shape, layout.size());
    const bool complete = scanner.scan(
        0, shape.elementCount(),
        [&](const unsigned char* data, std::uint64_t, size_t n) {
            engine::CsvTable::appendRows(layout, data, n, layout.size(), text);
            if (text.size() > ElementScanner::kDefaultChunkBytes) {
                out.write(text.data(), text.size());
                text.clear();
            }
        },
        cancelled);
    if (!complete)
        return "export cancelled";
    out.write(text.data(), text.size());
    out.commit();
    return "wrote " + what;
}

std::string BufferFile::importFrom(BufferSource& target, const engine::ElementLayout& layout,
                                   const engine::BufferShape& shape, const fs::path& path,
                                   Format format, const Cancelled& cancelled) {
    if (format == Format::Raw) {
        std::error_code error;
        const std::uint64_t size = fs::file_size(path, error);
        if (error)
            throw engine::ImportError("cannot read " + quoted(path) + ": " + error.message());
        if (size != target.size())
            throw engine::ImportError(quoted(path) + " has " + std::to_string(size) +
                                      " bytes; the buffer has " + std::to_string(target.size()) +
                                      ": a raw import needs exactly its size");
        std::ifstream in(path, std::ios::binary);
        std::vector<unsigned char> chunk;
        for (std::uint64_t offset = 0; offset < size; offset += chunk.size()) {
            if (cancelled && cancelled())
                return "import cancelled after " + std::to_string(offset) + " bytes";
            chunk.resize(
                size_t(std::min<std::uint64_t>(ElementScanner::kDefaultChunkBytes, size - offset)));
            if (!in.read(reinterpret_cast<char*>(chunk.data()), std::streamsize(chunk.size())))
                throw engine::ImportError("reading " + quoted(path) + " failed at byte " +
                                          std::to_string(offset));
            target.write(offset, chunk);
        }
        return "read " + std::to_string(size) + " bytes from " + quoted(path);
    }
    std::vector<unsigned char> packed;
    std::string reshaped; // a 1-D buffer that took an array of more axes says so
    try {
        if (format == Format::Npy) {
            const engine::NpyArray array = engine::NpyFile::read(path);
            packed = engine::NpyConversion::fromArray(array, layout, shape);
            reshaped = engine::NpyConversion::reshapeNote(array, layout, shape);
        } else {
            const std::vector<unsigned char> text = readWhole(path);
            packed = engine::CsvTable::parse(
                std::string_view(reinterpret_cast<const char*>(text.data()), text.size()), layout,
                shape.elementCount());
        }
    } catch (const engine::ImportError& error) {
        // Name the file: the conversion does not know it.
        const std::string message = error.what();
        if (message.find(quoted(path)) != std::string::npos)
            throw;
        throw engine::ImportError(quoted(path) + ": " + message);
    }
    const size_t packedSize = engine::PackedColumns::packedSize(layout);
    const ElementScanner scanner(target, shape, layout.size());
    const bool complete = scanner.rewrite(
        target, 0, shape.elementCount(),
        [&](unsigned char* data, std::uint64_t index, size_t n) {
            engine::PackedColumns::unpack(layout, packed.data() + index * packedSize, n, data,
                                          layout.size());
        },
        cancelled, layout.isPacked());
    if (!complete)
        return "import cancelled";
    return "read " + std::to_string(shape.elementCount()) + " elements (" + layout.name() +
           ") from " + quoted(path) + (reshaped.empty() ? "" : "; " + reshaped);
}

} // namespace clw::ui
