#pragma once
// An OpenCL image as a BufferSource: its pixels as tightly packed rows (width x pixel size bytes a
// row, rows then slices or layers), whatever the driver's own pitches. Reads and writes go through
// clEnqueueReadImage / WriteImage of whole rows; a write of part of a row reads the row first.
#include "bridge/BufferSource.h"

#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Image.h"

namespace clw::ui {

class ImageSource : public BufferSource {
public:
    // Queries the image's type, format and size: call on a worker thread.
    static std::shared_ptr<ImageSource> open(engine::Image image, engine::CommandQueue queue);

    std::uint64_t size() const override { return m_rowBytes * m_rows * m_slices; }
    std::string description() const override { return m_description; }
    // "float4" for CL_RGBA / CL_FLOAT, "uchar" for CL_R / CL_UNORM_INT8 (normalized channels show
    // their stored integers), "hex N" for packed formats.
    std::string naturalType() const override { return m_naturalType; }
    std::uint64_t naturalWidth() const override { return m_width; }
    std::uint64_t naturalHeight() const override { return m_rows; }
    void read(std::uint64_t offset, std::span<unsigned char> out) const override;
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override;
    // Host memory: an image of the same format would need its own create call for each type.
    std::shared_ptr<BufferSource> snapshot() const override;

    // The natural element type of a format, as above.
    static std::string typeOf(const cl_image_format& format);

private:
    ImageSource() = default;
    // Whole rows [firstRow, firstRow + rowCount) of the packed layout (rows count across slices).
    void readRows(std::uint64_t firstRow, std::uint64_t rowCount, unsigned char* out) const;
    void writeRows(std::uint64_t firstRow, std::uint64_t rowCount, const unsigned char* in) const;

    engine::Image m_image;
    engine::CommandQueue m_queue;
    std::uint64_t m_width = 0;
    std::uint64_t m_rows = 1;   // rows of one slice (layers of a 1D array)
    std::uint64_t m_slices = 1; // slices of a 3D image, layers of a 2D array
    std::uint64_t m_rowBytes = 0;
    std::string m_description;
    std::string m_naturalType;
};

} // namespace clw::ui
