#include "bridge/ImageSource.h"

#include "bridge/HostBufferSource.h"

#include "clw/engine/runtime/ImageFormat.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace clw::ui {

std::string ImageSource::typeOf(const cl_image_format& format) {
    const size_t channels = engine::channelCount(format.image_channel_order);
    const size_t pixel = engine::pixelSize(format);
    const char* scalar = nullptr;
    size_t scalarBytes = 0;
    switch (format.image_channel_data_type) {
    case CL_FLOAT:
        scalar = "float";
        scalarBytes = 4;
        break;
    case CL_HALF_FLOAT:
        scalar = "half";
        scalarBytes = 2;
        break;
    case CL_SIGNED_INT8:
    case CL_SNORM_INT8:
        scalar = "char";
        scalarBytes = 1;
        break;
    case CL_UNSIGNED_INT8:
    case CL_UNORM_INT8:
        scalar = "uchar";
        scalarBytes = 1;
        break;
    case CL_SIGNED_INT16:
    case CL_SNORM_INT16:
        scalar = "short";
        scalarBytes = 2;
        break;
    case CL_UNSIGNED_INT16:
    case CL_UNORM_INT16:
        scalar = "ushort";
        scalarBytes = 2;
        break;
    case CL_SIGNED_INT32:
        scalar = "int";
        scalarBytes = 4;
        break;
    case CL_UNSIGNED_INT32:
        scalar = "uint";
        scalarBytes = 4;
        break;
    default:
        break;
    }
    if (!scalar || channels * scalarBytes != pixel || channels == 3 || channels > 4)
        return pixel ? "hex " + std::to_string(pixel) : "hex";
    return channels == 1 ? std::string(scalar) : scalar + std::to_string(channels);
}

std::shared_ptr<ImageSource> ImageSource::open(engine::Image image, engine::CommandQueue queue) {
    std::shared_ptr<ImageSource> source(new ImageSource());
    const cl_mem_object_type type = image.type();
    const cl_image_format format = image.format();
    source->m_width = image.width();
    std::string kind = "image";
    switch (type) {
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        source->m_rows = image.arraySize();
        kind = "image1d_array";
        break;
    case CL_MEM_OBJECT_IMAGE2D:
        source->m_rows = image.height();
        kind = "image2d";
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        source->m_rows = image.height();
        source->m_slices = image.arraySize();
        kind = "image2d_array";
        break;
    case CL_MEM_OBJECT_IMAGE3D:
        source->m_rows = image.height();
        source->m_slices = image.depth();
        kind = "image3d";
        break;
    default:
        kind = type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? "image1d_buffer" : "image1d";
        break;
    }
    source->m_rowBytes = source->m_width * engine::pixelSize(format);
    source->m_naturalType = typeOf(format);
    source->m_description = kind + " " + std::to_string(source->m_width) + " x " +
                            std::to_string(source->m_rows) +
                            (source->m_slices > 1 ? " x " + std::to_string(source->m_slices) : "") +
                            " " + engine::imageFormatName(format);
    source->m_image = std::move(image);
    source->m_queue = std::move(queue);
    return source;
}

void ImageSource::readRows(std::uint64_t firstRow, std::uint64_t rowCount,
                           unsigned char* out) const {
    while (rowCount > 0) {
        // One transfer per slice: a region cannot cross slices.
        const std::uint64_t slice = firstRow / m_rows;
        const std::uint64_t row = firstRow % m_rows;
        const std::uint64_t rows = std::min(rowCount, m_rows - row);
        m_queue.readImage(m_image, {0, row, slice}, {m_width, rows, 1}, out, m_rowBytes, 0);
        out += rows * m_rowBytes;
        firstRow += rows;
        rowCount -= rows;
    }
}

void ImageSource::writeRows(std::uint64_t firstRow, std::uint64_t rowCount,
                            const unsigned char* in) const {
    while (rowCount > 0) {
        const std::uint64_t slice = firstRow / m_rows;
        const std::uint64_t row = firstRow % m_rows;
        const std::uint64_t rows = std::min(rowCount, m_rows - row);
        m_queue.writeImage(m_image, {0, row, slice}, {m_width, rows, 1}, in, m_rowBytes, 0);
        in += rows * m_rowBytes;
        firstRow += rows;
        rowCount -= rows;
    }
}

void ImageSource::read(std::uint64_t offset, std::span<unsigned char> out) const {
    checkRange(offset, out.size());
    if (out.empty() || m_rowBytes == 0)
        return;
    const std::uint64_t first = offset / m_rowBytes;
    const std::uint64_t last = (offset + out.size() - 1) / m_rowBytes;
    std::vector<unsigned char> rows((last - first + 1) * m_rowBytes);
    readRows(first, last - first + 1, rows.data());
    std::memcpy(out.data(), rows.data() + (offset - first * m_rowBytes), out.size());
}

void ImageSource::write(std::uint64_t offset, std::span<const unsigned char> bytes) {
    checkRange(offset, bytes.size());
    if (bytes.empty() || m_rowBytes == 0)
        return;
    const std::uint64_t first = offset / m_rowBytes;
    const std::uint64_t last = (offset + bytes.size() - 1) / m_rowBytes;
    std::vector<unsigned char> rows((last - first + 1) * m_rowBytes);
    // Parts of the first and last row that the write leaves alone keep their pixels.
    if (offset % m_rowBytes != 0 || (offset + bytes.size()) % m_rowBytes != 0)
        readRows(first, last - first + 1, rows.data());
    std::memcpy(rows.data() + (offset - first * m_rowBytes), bytes.data(), bytes.size());
    writeRows(first, last - first + 1, rows.data());
}

std::shared_ptr<BufferSource> ImageSource::snapshot() const {
    std::vector<unsigned char> bytes(size());
    read(0, bytes);
    return std::make_shared<HostBufferSource>(std::move(bytes), "copy of " + m_description);
}

} // namespace clw::ui
