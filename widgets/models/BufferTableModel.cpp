#include "models/BufferTableModel.h"

#include "bridge/HostStopped.h"

#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/ScalarValue.h"

#include <algorithm>

namespace clw::ui {

namespace {

// What a host's stop message says after its first sentence (its last words, the stack where it
// stopped), on lines of their own; empty when it says nothing more.
QString afterFirstSentence(const QString& stop) {
    const qsizetype words = stop.indexOf(QLatin1String(kLastWordsHeading));
    if (words >= 0)
        return stop.mid(words + 1); // "Its last words:\n..."
    const qsizetype line = stop.indexOf(QLatin1Char('\n'));
    return line >= 0 ? stop.mid(line + 1) : QString();
}

} // namespace

using engine::ElementColumn;

BufferTableModel::BufferTableModel(EngineBridge& bridge, QObject* parent)
    : QAbstractTableModel(parent)
    , m_bridge(bridge) {}

BufferTableModel::~BufferTableModel() {
    for (const auto& [page, job] : m_reads)
        m_bridge.cancel(job);
}

QString BufferTableModel::setSource(std::shared_ptr<BufferSource> source,
                                    const engine::ElementFormat& format) {
    for (const auto& [page, job] : m_reads)
        m_bridge.cancel(job);
    m_reads.clear();
    m_source = std::move(source);
    m_isChanged = {};
    m_first = 0;
    const QString error = setFormat(format);
    if (!error.isEmpty()) {
        engine::ElementFormat fallback;
        fallback.type = "hex 16";
        setFormat(fallback);
    }
    return error;
}

QString BufferTableModel::setFormat(const engine::ElementFormat& format) {
    const std::uint64_t size = m_source ? m_source->size() : 0;
    try {
        engine::ElementLayout layout = format.layout();
        const engine::BufferShape shape = format.shape.resolved(size, layout.size());
        applyLayout(std::move(layout), shape, format);
    } catch (const engine::LayoutError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

void BufferTableModel::applyLayout(engine::ElementLayout layout, const engine::BufferShape& shape,
                                   const engine::ElementFormat& format) {
    beginResetModel();
    m_format = format;
    m_layout = std::move(layout);
    m_shape = shape;
    m_cache.reset(m_shape, m_layout.size());
    m_firstValueColumn = m_shape.dimensions > 1 ? 3 : 2;
    m_hasText = m_layout.isHex();
    m_reportedReadError = false;
    m_wasLoaded = false;
    m_rows = int(std::min<quint64>(quint64(std::max(0, m_windowRows)), elementCount()));
    m_first = std::min(m_first, elementCount() - quint64(m_rows));
    endResetModel();
    updateWanted();
}

void BufferTableModel::setWindow(quint64 firstElement, int rows) {
    m_windowRows = std::max(0, rows);
    const int shown = int(std::min<quint64>(quint64(m_windowRows), elementCount()));
    firstElement = std::min(firstElement, elementCount() - quint64(shown));
    // Rows removed before the window moves and added after, so that a row never shows an
    // element past the end, and existing rows only change through dataChanged.
    if (shown < m_rows) {
        beginRemoveRows({}, shown, m_rows - 1);
        m_rows = shown;
        endRemoveRows();
    }
    if (firstElement != m_first) {
        m_first = firstElement;
        if (m_rows > 0)
            Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    }
    if (shown > m_rows) {
        beginInsertRows({}, m_rows, shown - 1);
        m_rows = shown;
        endInsertRows();
    }
    updateWanted();
}

void BufferTableModel::reload() {
    // Contents whose device host stopped cannot be read again: what was read stays shown.
    if (m_source && !m_source->lostReason().empty()) {
        Q_EMIT errorOccurred(lostMessage());
        return;
    }
    for (const auto& [page, job] : m_reads)
        m_bridge.cancel(job);
    m_reads.clear();
    m_cache.invalidate();
    m_reportedReadError = false;
    m_wasLoaded = false;
    if (m_rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    updateWanted();
}

void BufferTableModel::setChangedTest(std::function<bool(quint64)> isChanged) {
    m_isChanged = std::move(isChanged);
    if (m_rows > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1), {ChangedRole});
}

QString BufferTableModel::lostMessage() const {
    return tr("%1 These contents were in it: the rows read before stay shown, the others cannot "
              "be read. Run again, or Run > Restart Device Host, for contents from a new host.")
        .arg(QString::fromStdString(m_source->lostReason()));
}

bool BufferTableModel::isWindowLoaded() const {
    if (m_rows == 0)
        return true;
    return m_cache.has(m_cache.pageOf(m_first)) &&
           m_cache.has(m_cache.pageOf(m_first + quint64(m_rows) - 1));
}

void BufferTableModel::updateWanted() {
    if (!m_source || elementCount() == 0) {
        if (!m_wasLoaded) {
            m_wasLoaded = true;
            Q_EMIT windowLoaded();
        }
        return;
    }
    // The window and one window on either side, so that a scroll by a page finds its rows.
    const quint64 margin = quint64(std::max(m_rows, 1));
    const quint64 first = m_first > margin ? m_first - margin : 0;
    const quint64 last = std::min(elementCount() - 1, m_first + quint64(m_rows) + margin);
    m_cache.setWanted(m_cache.pageOf(first), m_cache.pageOf(last));
    cancelUnwanted();
    fetchMissing();
    if (isWindowLoaded() && !m_wasLoaded) {
        m_wasLoaded = true;
        Q_EMIT windowLoaded();
    } else if (!isWindowLoaded()) {
        m_wasLoaded = false;
    }
}

void BufferTableModel::cancelUnwanted() {
    for (auto it = m_reads.begin(); it != m_reads.end();) {
        if (m_cache.isWanted(it->first)) {
            ++it;
            continue;
        }
        m_bridge.cancel(it->second);
        it = m_reads.erase(it);
    }
}

void BufferTableModel::fetchMissing() {
    std::vector<std::uint64_t> pages = m_cache.missing();
    // The visible pages first, then the margins nearest the window.
    const quint64 visible = m_cache.pageOf(m_first);
    std::stable_sort(pages.begin(), pages.end(), [visible](quint64 a, quint64 b) {
        const auto distance = [visible](quint64 p) {
            return p > visible ? p - visible : visible - p;
        };
        return distance(a) < distance(b);
    });
    for (const quint64 page : pages) {
        const PageCache::Extent extent = m_cache.extent(page);
        const quint64 generation = m_cache.generation();
        m_cache.markReading(page);
        const JobId job = m_bridge.run(
            this,
            [source = m_source, extent](const JobContext&) {
                std::vector<unsigned char> bytes(extent.bytes);
                source->read(extent.offset, bytes);
                return bytes;
            },
            [this, page, generation](JobResult<std::vector<unsigned char>> result) {
                pageRead(page, generation, std::move(result));
            });
        m_reads[page] = job;
    }
}

void BufferTableModel::pageRead(quint64 page, quint64 generation,
                                JobResult<std::vector<unsigned char>> result) {
    const auto read = m_reads.find(page);
    if (read != m_reads.end() && generation == m_cache.generation())
        m_reads.erase(read);
    if (!result.ok()) {
        m_cache.forgetReading(page, generation);
        if (!result.error().cancelled() && generation == m_cache.generation() &&
            !m_reportedReadError) {
            m_reportedReadError = true; // once per generation: a dead device fails every page
            // The read that met the host's end has its last words: they go on to the log.
            if (m_source && !m_source->lostReason().empty()) {
                const QString more = afterFirstSentence(result.error().message);
                Q_EMIT errorOccurred(more.isEmpty() ? lostMessage()
                                                    : lostMessage() + QLatin1Char('\n') + more);
            } else {
                Q_EMIT errorOccurred(tr("Reading the buffer failed: %1. Use Reload to try again.")
                                         .arg(result.error().message));
            }
        }
        return;
    }
    if (!m_cache.store(page, generation, std::move(result.value()))) {
        // Stale (a write or a format change since): read it again if it is still wanted.
        fetchMissing();
        return;
    }
    const quint64 firstPage = m_cache.pageOf(m_first);
    const quint64 lastPage = m_cache.pageOf(m_first + quint64(std::max(m_rows, 1)) - 1);
    if (page >= firstPage && page <= lastPage) {
        emitWindowChanged(page, page);
        if (isWindowLoaded() && !m_wasLoaded) {
            m_wasLoaded = true;
            Q_EMIT windowLoaded();
        }
    }
}

void BufferTableModel::emitWindowChanged(quint64 firstPage, quint64 lastPage) {
    if (m_rows == 0)
        return;
    const quint64 begin = std::max(m_first, firstPage * m_cache.elementsPerPage());
    const quint64 end =
        std::min(m_first + quint64(m_rows), (lastPage + 1) * m_cache.elementsPerPage());
    if (begin < end)
        Q_EMIT dataChanged(index(int(begin - m_first), 0),
                           index(int(end - m_first) - 1, columnCount() - 1));
}

int BufferTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int BufferTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_firstValueColumn + m_layout.columnCount() + (m_hasText ? 1 : 0);
}

int BufferTableModel::layoutColumn(int column) const {
    const int c = column - m_firstValueColumn;
    return c >= 0 && c < m_layout.columnCount() ? c : -1;
}

QString BufferTableModel::cellText(const ElementColumn& column,
                                   const unsigned char* element) const {
    const unsigned char* bytes = element + column.offset;
    if (m_layout.isHex()) {
        static const char kDigits[] = "0123456789abcdef";
        const char pair[2] = {kDigits[bytes[0] >> 4], kDigits[bytes[0] & 15]};
        return QString::fromLatin1(pair, 2);
    }
    const bool hex = m_format.hexIntegers && !engine::isFloatScalar(column.scalar);
    return QString::fromStdString(engine::formatScalar(column.scalar, bytes, hex));
}

QVariant BufferTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const quint64 element = elementAt(index.row());
    const int column = index.column();
    const int scalarColumn = layoutColumn(column);
    if (role == ElementRole)
        return element;
    if (role == ChangedRole)
        return bool(m_isChanged) && m_isChanged(element);
    const unsigned char* bytes = m_cache.element(element);
    if (role == LoadedRole)
        return bytes != nullptr;
    if (role == Qt::TextAlignmentRole)
        return column == 1 && m_shape.dimensions > 1 ? int(Qt::AlignCenter)
                                                     : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ValueClassRole) {
        if (!bytes || scalarColumn < 0)
            return {};
        const ElementColumn& c = m_layout.columns()[size_t(scalarColumn)];
        return int(engine::classifyScalar(c.scalar, bytes + c.offset));
    }
    if (role == Qt::ToolTipRole && scalarColumn >= 0) {
        const ElementColumn& c = m_layout.columns()[size_t(scalarColumn)];
        return tr("element %1, %2 (%3) at byte %4")
            .arg(element)
            .arg(QString::fromStdString(c.name),
                 QString::fromLatin1(engine::scalarTypeName(c.scalar)))
            .arg(m_shape.byteOffset(element, m_layout.size()) + c.offset);
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    if (column == 0)
        return QString::number(element);
    if (column == 1 && m_shape.dimensions > 1) {
        const auto xyz = m_shape.coordinates(element);
        return m_shape.dimensions == 2
                   ? QStringLiteral("%1, %2").arg(xyz[0]).arg(xyz[1])
                   : QStringLiteral("%1, %2, %3").arg(xyz[0]).arg(xyz[1]).arg(xyz[2]);
    }
    if (column == m_firstValueColumn - 1)
        return QStringLiteral("0x%1").arg(m_shape.byteOffset(element, m_layout.size()), 0, 16);
    if (!bytes)
        return QStringLiteral("…");
    if (scalarColumn >= 0)
        return cellText(m_layout.columns()[size_t(scalarColumn)], bytes);
    // The hex view's text: printable ASCII, others as '.'.
    QString text;
    for (size_t i = 0; i < m_layout.size(); ++i)
        text +=
            bytes[i] >= 0x20 && bytes[i] < 0x7f ? QLatin1Char(char(bytes[i])) : QLatin1Char('.');
    return text;
}

QVariant BufferTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role == Qt::ToolTipRole && orientation == Qt::Horizontal && section == 1 &&
        m_shape.dimensions > 1)
        return m_shape.dimensions == 2
                   ? tr("x is the column, y the row: the element is [y, x] of the numpy array "
                        "that Export writes, shape (height, width)")
                   : tr("x is the column, y the row, z the slice: the element is [z, y, x] of "
                        "the numpy array that Export writes, shape (depth, height, width)");
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section >= 0 && section < m_rows ? QVariant(elementAt(section)) : QVariant();
    if (section == 0)
        return tr("Index");
    if (section == 1 && m_shape.dimensions > 1)
        return m_shape.dimensions == 2 ? QStringLiteral("x, y") : QStringLiteral("x, y, z");
    if (section == m_firstValueColumn - 1)
        return tr("Offset");
    const int c = layoutColumn(section);
    if (c >= 0) {
        const ElementColumn& column = m_layout.columns()[size_t(c)];
        if (column.name == "value")
            return QString::fromLatin1(engine::scalarTypeName(column.scalar));
        return QString::fromStdString(column.name);
    }
    if (section == columnCount() - 1 && m_hasText)
        return tr("Text");
    return {};
}

Qt::ItemFlags BufferTableModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && layoutColumn(index.column()) >= 0 &&
        m_cache.element(elementAt(index.row())))
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool BufferTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid() || layoutColumn(index.column()) < 0 || !m_source)
        return false;
    const ElementColumn column = m_layout.columns()[size_t(layoutColumn(index.column()))];
    const quint64 element = elementAt(index.row());
    std::string text = value.toString().trimmed().toStdString();
    if (m_layout.isHex() && !text.starts_with("0x") && !text.starts_with("0X"))
        text = "0x" + text;
    std::vector<unsigned char> bytes(column.size());
    const std::string problem = engine::parseScalar(column.scalar, text, bytes.data());
    if (!problem.empty()) {
        Q_EMIT errorOccurred(
            tr("Element %1, %2: %3")
                .arg(element)
                .arg(QString::fromStdString(column.name), QString::fromStdString(problem)));
        return false;
    }
    const quint64 offset = m_shape.byteOffset(element, m_layout.size()) + column.offset;
    m_bridge.run(
        this,
        [source = m_source, offset, bytes](const JobContext&) { source->write(offset, bytes); },
        [this, offset, bytes, element, source = m_source](JobResult<Done> result) {
            if (source != m_source)
                return; // another buffer is shown now
            if (!result.ok()) {
                Q_EMIT errorOccurred(
                    tr("Writing element %1 failed: %2").arg(element).arg(result.error().message));
                return;
            }
            // Reads in flight may hold the old bytes: they become stale, the pages here are
            // patched.
            m_cache.renew();
            m_reads.clear();
            m_cache.patch(offset, bytes);
            if (element >= m_first && element < m_first + quint64(m_rows)) {
                const int row = int(element - m_first);
                Q_EMIT dataChanged(this->index(row, 0), this->index(row, columnCount() - 1));
            }
            fetchMissing();
            Q_EMIT valueWritten(element);
        });
    return true;
}

} // namespace clw::ui
