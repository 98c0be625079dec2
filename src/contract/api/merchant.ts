// Endpoints of the merchant area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}
