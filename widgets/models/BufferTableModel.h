#pragma once
// The inspector's table: one row per element, columns for the index, the (x, y, z) position of
// 2D / 3D shapes, the byte offset and every scalar of the element type (a float4 is four columns,
// a struct one column per member scalar). Qt Core only: colours come from a delegate reading
// ValueClassRole and ChangedRole.
//
// Any size: the model's rows are a window of the buffer's elements (setWindow), the size of the
// view, so that a view never holds a row per element; the view's own scroll bar maps onto the
// whole buffer. Pages around the window are read on the bridge's workers (PageCache); the GUI
// thread only looks up cached bytes and formats them. Rows whose page is not here yet show "…".
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"
#include "models/PageCache.h"

#include "clw/engine/inspect/ElementFormat.h"

#include <QAbstractTableModel>

#include <functional>
#include <map>
#include <memory>

namespace clw::ui {

class BufferTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        ValueClassRole = Qt::UserRole + 1, // int (engine::ValueClass) of a value cell
        ChangedRole,                       // bool: the element differs in the current diff
        ElementRole,                       // quint64: the element of the row
        LoadedRole,                        // bool: the row's page is here
    };

    explicit BufferTableModel(EngineBridge& bridge, QObject* parent = nullptr);
    ~BufferTableModel() override;

    // Shows `source` (null: nothing) as `format`. Returns the format's error, in which case the
    // source shows as "hex 16" (nothing is lost: the bytes are still there to see).
    QString setSource(std::shared_ptr<BufferSource> source, const engine::ElementFormat& format);
    // Returns what is wrong with the format (and keeps the previous one) or an empty string.
    QString setFormat(const engine::ElementFormat& format);
    const std::shared_ptr<BufferSource>& source() const { return m_source; }
    const engine::ElementFormat& format() const { return m_format; }
    const engine::ElementLayout& layout() const { return m_layout; }
    // The shape with every field worked out.
    const engine::BufferShape& shape() const { return m_shape; }
    quint64 elementCount() const { return m_shape.elementCount(); }

    // Model rows become elements [firstElement, firstElement + rows), clamped to the buffer.
    void setWindow(quint64 firstElement, int rows);
    quint64 firstElement() const { return m_first; }
    quint64 elementAt(int row) const { return m_first + quint64(row); }
    // True when every row of the window has its page.
    bool isWindowLoaded() const;
    // Reads everything again (the device contents changed): a new generation. Contents that are
    // lost (BufferSource::lostReason) stay as they were read, and errorOccurred says why.
    void reload();
    // Elements to highlight as changed (a diff); an empty function clears it.
    void setChangedTest(std::function<bool(quint64)> isChanged);

    // The column of the first scalar, and the layout column of a model column (-1 for others).
    int firstValueColumn() const { return m_firstValueColumn; }
    int layoutColumn(int column) const;

    // For tests and the benchmark.
    size_t pagesHeld() const { return m_cache.pagesHeld(); }
    quint64 bytesHeld() const { return m_cache.bytesHeld(); }
    quint64 generation() const { return m_cache.generation(); }
    int readsInFlight() const { return int(m_reads.size()); }
    quint64 elementsPerPage() const { return m_cache.elementsPerPage(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Parses the text for the cell's scalar and writes it to the device on a worker. False (and
    // errorOccurred) when the text does not parse; the cell shows the new value once written.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

Q_SIGNALS:
    // Every row of the window has its data (after a scroll, a format change, a reload).
    void windowLoaded();
    // A read or a write failed, or an edit did not parse: the text says what to do.
    void errorOccurred(const QString& message);
    // An edit reached the device.
    void valueWritten(quint64 element);

private:
    void applyLayout(engine::ElementLayout layout, const engine::BufferShape& shape,
                     const engine::ElementFormat& format);
    void updateWanted();
    void fetchMissing();
    void cancelUnwanted();
    void pageRead(quint64 page, quint64 generation, JobResult<std::vector<unsigned char>> result);
    void emitWindowChanged(quint64 firstPage, quint64 lastPage);
    // Says why the source's contents are gone and what to do (the source is lost).
    QString lostMessage() const;
    QString cellText(const engine::ElementColumn& column, const unsigned char* element) const;

    EngineBridge& m_bridge;
    std::shared_ptr<BufferSource> m_source;
    engine::ElementFormat m_format;
    engine::ElementLayout m_layout;
    engine::BufferShape m_shape;
    PageCache m_cache;
    std::map<quint64, JobId> m_reads; // page -> read in flight
    std::function<bool(quint64)> m_isChanged;
    quint64 m_first = 0;
    int m_windowRows = 0; // as asked by the view
    int m_rows = 0;       // rows shown: the window clamped to the buffer
    int m_firstValueColumn = 2;
    bool m_hasText = false; // the hex view's text column
    bool m_reportedReadError = false;
    bool m_wasLoaded = false;
};

} // namespace clw::ui
