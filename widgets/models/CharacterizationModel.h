#pragma once
// A device's characterization (the snapshot's rows): item, value and note. Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include <QAbstractTableModel>

namespace clw::ui {

class CharacterizationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LabelColumn, ValueColumn, NoteColumn, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1 };

    explicit CharacterizationModel(QObject* parent = nullptr);

    // Shows these rows (a model reset); `error`, when set, is why there are none.
    void setRows(QList<CharacterizationRow> rows, QString error = {});
    const QList<CharacterizationRow>& rows() const { return m_rows; }
    const QString& error() const { return m_error; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<CharacterizationRow> m_rows;
    QString m_error;
};

} // namespace clw::ui
